/**
 * The fixed phrases of marketing copy. Title templates say {Topic}, the keyword or topic a title is
 * built on (the value whole, its first letter capitalised at the start), and {n}, a number.
 */

export const HOW_TO_TITLES = [
  'How to Get Started With {topic}',
  '{Topic}, Step by Step',
  '{Topic} for Beginners: A Simple Plan',
  '{Topic} Explained in 10 Minutes',
  '{Topic}: A Practical How-To',
]
export const LIST_TITLES = [
  '{n} {Topic} Tips That Actually Work',
  '{Topic}: {n} Mistakes to Stop Making',
  '{n} Lessons From a Year of {topic}',
  '{Topic}: {n} Simple Ways to Improve',
  '{n} Things Nobody Tells You About {topic}',
  '{Topic}: {n} Ideas Worth Stealing',
  '{n} Questions to Ask Before Trying {topic}',
  '{Topic} in {n} Steps',
  '{n} Myths About {topic}, Busted',
  '{Topic}: {n} Tools I Actually Use',
  '{n} Small Wins With {topic}',
]
export const OTHER_TITLES = [
  "{Topic}: The Beginner's Guide",
  'Why {topic} Matters More Than You Think',
  '{Topic}: What Nobody Tells You',
  "I Tried {topic} for 30 Days. Here's What Happened",
  'Is {topic} Worth It? An Honest Look',
  '{Topic}: The Only Checklist You Need',
  'What I Wish I Knew Before Starting {topic}',
  '{Topic} vs. the Alternatives',
  'The Real Cost of {topic}',
  '{Topic}, Made Simple',
]
/** Titles for when a value is too long for the limit: they still name the page's kind of help. */
export const PLAIN_TITLES = [
  'A Simple Guide That Actually Helps',
  'Start Here: The Essentials',
  'The Practical Guide',
  'What to Know Before You Start',
  'Tips That Actually Work',
  'Everything You Need in One Place',
  'The Short Version, Explained',
  'Mistakes to Avoid, and What to Do Instead',
  'An Honest Look at What Works',
  'Your First Week, Planned',
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
