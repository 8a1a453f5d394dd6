/** The fixed phrases of marketing copy: title templates ({K} the keyword, {n} a number) and ad headlines. */

export const HOW_TO_TITLES = [
  'How to Get Started With {K}',
  'How to Master {K} Without Burning Out',
  '{K}, Step by Step',
  '{K} for Beginners: A Simple Plan',
  '{K} Explained in 10 Minutes',
]
export const LIST_TITLES = [
  '{n} {K} Tips That Actually Work',
  '{n} {K} Mistakes to Stop Making',
  '{n} Lessons From a Year of {K}',
  '{n} Simple Ways to Improve Your {K}',
  '{n} Things Nobody Tells You About {K}',
]
export const OTHER_TITLES = [
  "The Beginner's Guide to {K}",
  'Why {K} Matters More Than You Think',
  '{K}: What Nobody Tells You',
  "I Tried {K} for 30 Days. Here's What Happened",
  'Is {K} Worth It? An Honest Look',
  'The Only {K} Checklist You Need',
  'What I Wish I Knew Before Starting {K}',
  '{K} vs. the Alternatives: An Honest Comparison',
  'The Real Cost of {K}',
  'Can You Really Learn {K} in a Week?',
]

/** Headlines that fit any business, for when the user's words run out. */
export const AD_HEADLINES = [
  'Get Started in Minutes',
  'Fair, Upfront Prices',
  'Rated by Real Customers',
  'Book Online Today',
  'Fast, Friendly Service',
  'Local Experts You Can Trust',
  'Free, No-Obligation Quote',
  'Open 7 Days a Week',
  'Call Now for Help',
  'Quality You Can See',
  'Simple, Honest Service',
  'See Why Customers Return',
  'Here When You Need Us',
  'Results You Can Count On',
  'Start Today, Pay Less',
]
