import type { ToneFamily } from './tone-family.ts'

/**
 * Each voice's sentences for posts, articles and emails. Slots are role slots (role-slots.ts); most
 * points have none, so an option can use several after its hook has said the topic. Hooks read
 * with a noun phrase and with a whole statement alike, since either may be what the user typed.
 */
export interface TonePhrases {
  /** First sentences of a post, an article section or an email. */
  hooks: readonly string[]
  /** Sentences that develop a point. */
  points: readonly string[]
  /** Closing lines when the user gave no call to action. */
  closers: readonly string[]
  /** Short descriptive words that fit the voice. */
  adjectives: readonly string[]
  emojis: readonly string[]
}

export const TONE_PHRASES: Record<ToneFamily, TonePhrases> = {
  friendly: {
    hooks: [
      'On my mind this week: {topic}.',
      'Quick one for anyone curious about {topic}.',
      "{Topic}. Let's talk about it for a minute.",
      "If {topic} has been on your list for a while, you're in good company.",
      'Say hello to {product}, made to take one chore off your plate.',
      'A little story from this week, and what it taught me.',
    ],
    points: [
      "Start small. It's the part people skip, and the one that pays off first.",
      'It sounds minor, but it changes how the rest of it feels.',
      "You don't need to be an expert to get real value from it.",
      'The easiest win? Give it ten minutes a day and watch it add up.',
      'Most questions I get are about getting started, so here is the short answer: keep it simple.',
      'Made with {audience} in mind, and happy to prove it.',
      'If {keyword} is on your list, this is a friendly place to begin.',
      'Ask anything. There are no silly questions here.',
      'It took me a while to see it, but the simple version works best.',
      'And yes, {topic2} is part of it too.',
    ],
    closers: [
      'Tell me how it goes in the comments!',
      'Save this for later and share it with a friend who needs it.',
      'Questions? My inbox is always open.',
    ],
    adjectives: ['simple', 'practical', 'honest', 'easy-going', 'welcoming'],
    emojis: ['👋', '😊', '✨', '💬', '🙌'],
  },
  professional: {
    hooks: [
      'A practical look at {topic}, and what tends to work.',
      'On the agenda today: {topic}.',
      'Teams that get {topic} right share a few habits.',
      'Three questions are worth answering before any decision about {topic}.',
      '{Product}, built to make one part of the job measurably easier.',
      'A short, structured note for busy readers.',
    ],
    points: [
      'This is where measurable results usually start.',
      'Treat it as a process: define the goal, measure it, and review it monthly.',
      'The evidence points one way: consistent work outperforms occasional big pushes.',
      'Document what works so it scales beyond one person.',
      'Give it a named owner and a clear success metric.',
      'For {audience}, the gain shows up in fewer surprises and faster decisions.',
      'Anyone searching for {keyword} usually wants one thing: a clear answer.',
      'Start with the data you already have; it is usually enough.',
      '{Topic2} belongs in the same plan.',
    ],
    closers: [
      'Get in touch to discuss how this applies to your situation.',
      'Visit our website for details.',
      'Reach out to start the conversation.',
    ],
    adjectives: ['reliable', 'proven', 'structured', 'measurable', 'focused'],
    emojis: ['✅', '📈', '💼', '📌'],
  },
  witty: {
    hooks: [
      'Confession: I think about {topic} more than is strictly healthy.',
      '{Topic}: the thing that quietly ate my weekends.',
      'Nobody warned me that {topic} would become my whole personality. Anyway.',
      'Hot take, served lukewarm: {topic}.',
      '{Product}: because life is too short to do it the long way.',
      'I tried to explain this to my cat. The cat left. You are my new audience.',
    ],
    points: [
      'It is like flossing: everyone says they do it, few actually do.',
      'Step one: stop googling it at 2 a.m. Step two: actually try it.',
      'It is less rocket science and more remembering where you left your keys.',
      "If it were a person, it would be the friend who's right but annoying about it.",
      'Good news: it forgives beginners. Bad news: it remembers everything.',
      "{Audience}, this one's for you. You know who you are.",
      'Yes, {keyword} is a rabbit hole. Bring snacks.',
      'My first attempt was a disaster. My second was merely a mess. Progress!',
      'Also, {topic2}. Obviously.',
    ],
    closers: [
      'Follow for more questionable wisdom.',
      'Reply with your worst attempt. I will go first.',
      'Share this with the friend who needs it and pretends they do not.',
    ],
    adjectives: [
      'unreasonably good',
      'suspiciously easy',
      'delightfully nerdy',
      'slightly obsessed',
      'chaotic but useful',
    ],
    emojis: ['🙃', '😅', '🤓', '🍿', '🫠'],
  },
  bold: {
    hooks: [
      'Stop overthinking {topic}.',
      '{Topic}. Not optional anymore.',
      "Most advice about {topic} is wrong. Here's what actually moves the needle.",
      'You are one decision away from getting {topic} right.',
      '{Product}. Built to win. Try it.',
      'The fastest way to win? Start before you feel ready.',
    ],
    points: [
      'Go all in. Half-measures get half-results.',
      'It is the lever most people ignore. Pull it.',
      'Cut everything that does not matter. Then cut a little more.',
      'Own the basics and the rest follows.',
      'Ship something this week, not next quarter.',
      '{Audience}: this is your edge. Use it.',
      '{Keyword}? Do it properly or not at all.',
      'No excuses. No shortcuts. Just the work.',
      '{Topic2}, too. Nothing held back.',
    ],
    closers: ['Start today.', 'Your move.', 'Follow for more. No fluff.'],
    adjectives: ['bold', 'no-nonsense', 'fearless', 'results-driven', 'relentless'],
    emojis: ['🔥', '⚡', '🚀', '💪', '🎯'],
  },
  inspiring: {
    hooks: [
      'Every big change starts with one small step, and {topic} is no different.',
      '{Topic} taught me that progress beats perfection.',
      'A year ago, {topic} felt out of reach. Here is what changed.',
      'There is room for everyone in {topic}, including you.',
      '{Product} started with a simple belief: it can be better.',
      'What if this is exactly the challenge you need right now?',
    ],
    points: [
      'It grows from small, steady habits.',
      'Give yourself permission to be a beginner.',
      'Each step builds the confidence for the next one.',
      'This is where curiosity turns into something real.',
      'Celebrate the small wins; they are the big ones in disguise.',
      'For {audience}, this can be the start of something lasting.',
      'Let {keyword} be the thread that ties it all together.',
      'You do not have to do it all at once. You only have to begin.',
      'And {topic2} is part of the journey too.',
    ],
    closers: [
      'Take the first step today.',
      'Share this with someone who is about to begin.',
      'Keep going. You are closer than you think.',
    ],
    adjectives: ['meaningful', 'hopeful', 'lasting', 'purposeful', 'uplifting'],
    emojis: ['🌱', '✨', '🌟', '🌈', '💡'],
  },
  calm: {
    hooks: [
      'A few quiet thoughts on {topic}.',
      '{Topic} does not need to be rushed.',
      'Slowly, {topic} has become one of the better parts of my week.',
      'Some notes on {topic}, written without hurry.',
      '{Product}, made to be simple and to last.',
      "There's a steadier way to approach this.",
    ],
    points: [
      'It works best when you give it space.',
      'Notice what changes, even in small ways.',
      'Consistency matters more than intensity.',
      'Keep it simple enough that you can return to it tomorrow.',
      'It is a practice, not a performance.',
      'For {audience}, a slower start often means a steadier finish.',
      '{Keyword}, approached calmly, is easier than it looks.',
      'Nothing here needs to be perfect on the first try.',
      '{Topic2} fits in quietly, too.',
    ],
    closers: ['Take what is useful and leave the rest.', 'More soon.', 'Thanks for reading.'],
    adjectives: ['steady', 'thoughtful', 'considered', 'clear', 'unhurried'],
    emojis: ['🌿', '☕', '🌙', '🍃'],
  },
}
