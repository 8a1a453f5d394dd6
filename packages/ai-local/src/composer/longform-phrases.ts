/** The fixed phrases of long pieces: section headings and supporting sentences, none with a slot. */

export const SECTION_HEADINGS = [
  'Why it matters',
  'Getting started',
  'Common mistakes',
  'Making it a habit',
  'What good looks like',
  'Tools and resources',
  'Measuring progress',
  'Where it goes next',
]

/** Headings for the items of a list article; as many as the longest list asks for. */
export const ITEM_HEADINGS = [
  'Start small',
  'Make a plan',
  'Keep it simple',
  'Track what works',
  'Ask for help',
  'Set a budget',
  'Pick the right tools',
  'Learn from mistakes',
  'Build a routine',
  'Celebrate progress',
  'Cut what does not help',
  'Share what you learn',
  'Review every month',
  'Find a partner',
  'Stay curious',
]

export const EXPLANATIONS = [
  'In practice, that means choosing one small change and sticking with it long enough to see a result.',
  'It helps to write down what you want from it before you begin, so you can tell whether it is working.',
  'For example, many people begin with a fifteen-minute session each week and build from there.',
  'The details differ from person to person, but the pattern is the same: small, regular steps beat occasional bursts.',
  'A useful test is to ask what would happen if you stopped; if nothing would change, simplify.',
  'Keep notes as you go. They turn scattered attempts into a method you can repeat.',
  'Most of the benefit comes from the first few weeks, so protect them.',
  'When something feels hard, shrink it until it feels almost too easy.',
  'Borrow what works for others, then adjust it to your own week.',
  'Set a date to look back; progress is easier to see from a distance.',
  'Share your plan with one person. Saying it out loud makes it real.',
  'Expect a slow patch around the third week, and plan for it.',
  'Good tools help, but a clear habit helps more.',
  'Check the basics first; they solve more problems than clever tricks.',
  'Make the next step obvious, so starting again takes no willpower.',
]
