/** The fixed phrases of long pieces: section headings ({detail} is a topic) and supporting sentences. */

export const SECTION_HEADINGS = [
  'Why {detail} matters',
  'Getting started with {detail}',
  'Common mistakes with {detail}',
  'Making {detail} a habit',
  'What good {detail} looks like',
  'Tools and resources for {detail}',
  'Measuring progress in {detail}',
  'Where {detail} goes next',
]

export const EXPLANATIONS = [
  'In practice, that means choosing one small change and sticking with it long enough to see a result.',
  'It helps to write down what you want from it before you begin, so you can tell whether it is working.',
  'For example, many people begin with a fifteen-minute session each week and build from there.',
  'The details differ from person to person, but the pattern is the same: small, regular steps beat occasional bursts.',
  'A useful test is to ask what would happen if you stopped; if nothing would change, simplify.',
  'Keep notes as you go. They turn scattered attempts into a method you can repeat.',
]
