/**
 * The local model's voice: each tone the tools offer maps to one of six families, and each family
 * has its own phrase bank. Slots in braces are filled by the renderers: {topic} (a subject phrase in
 * a sentence), {Topic} (the same, capitalised), {detail} (a topic or benefit the user listed).
 */
export type ToneFamily = 'friendly' | 'professional' | 'witty' | 'bold' | 'inspiring' | 'calm'

const TONE_WORDS: Record<string, ToneFamily> = {
  friendly: 'friendly',
  warm: 'friendly',
  conversational: 'friendly',
  casual: 'friendly',
  helpful: 'friendly',
  'clear and direct': 'professional',
  professional: 'professional',
  formal: 'professional',
  authoritative: 'professional',
  expert: 'professional',
  informative: 'professional',
  premium: 'professional',
  luxurious: 'professional',
  elegant: 'professional',
  modern: 'professional',
  witty: 'witty',
  funny: 'witty',
  playful: 'witty',
  humorous: 'witty',
  fun: 'witty',
  bold: 'bold',
  confident: 'bold',
  'high energy': 'bold',
  energetic: 'bold',
  persuasive: 'bold',
  contrarian: 'bold',
  direct: 'bold',
  inspirational: 'inspiring',
  inspiring: 'inspiring',
  insightful: 'inspiring',
  thoughtful: 'calm',
  calm: 'calm',
  chill: 'calm',
  honest: 'calm',
  diplomatic: 'calm',
  minimal: 'calm',
  brief: 'calm',
}

export function toneFamily(toneWord: string | null): ToneFamily {
  if (!toneWord) return 'friendly'
  const key = toneWord.toLowerCase().trim()
  return TONE_WORDS[key] ?? TONE_WORDS[key.split(/[\s,;]+/)[0] ?? ''] ?? 'friendly'
}

export interface ToneBank {
  /** First sentences of a post, an article section or an email. */
  hooks: readonly string[]
  /** Sentences that develop a point about {detail}. */
  points: readonly string[]
  /** Closing lines when the user gave no call to action. */
  closers: readonly string[]
  /** Short descriptive words that fit the voice. */
  adjectives: readonly string[]
  emojis: readonly string[]
  /** One-line profile bios: {subject} (as written), {detail}, {detail2}. */
  bios: readonly string[]
}

export const TONES: Record<ToneFamily, ToneBank> = {
  friendly: {
    hooks: [
      "Here's the thing about {topic}: it gets easier once you know where to start.",
      'Quick one for anyone curious about {topic}.',
      'Can we talk about {topic} for a minute?',
      "If {topic} has been on your list for a while, you're in good company.",
      'A little story about {topic}, and what it taught me.',
    ],
    points: [
      "Start with {detail}. It's the part people skip, and the one that pays off first.",
      '{Detail} sounds small, but it changes how the rest of it feels.',
      "You don't need to be an expert in {detail} to get real value from it.",
      'The easiest win? Give {detail} ten minutes a day and watch it add up.',
      'Most questions I get are about {detail}, so here is the short answer: keep it simple.',
    ],
    closers: [
      'Tell me how it goes in the comments!',
      'Save this for later and share it with a friend who needs it.',
      'Questions? My inbox is always open.',
    ],
    adjectives: ['simple', 'practical', 'honest', 'easy-going', 'welcoming'],
    emojis: ['👋', '😊', '✨', '💬', '🙌'],
    bios: [
      '{Subject}. Sharing {detail} and {detail2}, minus the jargon.',
      '{Subject} 👋 Here for {detail}, {detail2} and good conversations.',
      'Hi, {subject} here. Expect {detail}, useful tips and the odd behind-the-scenes story.',
      '{Subject} who loves talking {detail}. Come say hi.',
      '{Subject}. Making {detail} feel a little less complicated, one post at a time.',
      '{Subject}. Friendly notes on {detail} and {detail2}.',
    ],
  },
  professional: {
    hooks: [
      '{Topic} rewards a clear plan more than a big budget.',
      'A practical look at {topic}, and what tends to work.',
      'Teams that get {topic} right share a few habits.',
      '{Topic} is easy to start and hard to do well. Here is a structured approach.',
      'Three questions are worth answering before any decision about {topic}.',
    ],
    points: [
      '{Detail} is where measurable results usually start.',
      'Treat {detail} as a process: define the goal, measure it, and review it monthly.',
      'The evidence points one way: consistent work on {detail} outperforms occasional big pushes.',
      'Document what works in {detail} so it scales beyond one person.',
      '{Detail} deserves a named owner and a clear success metric.',
    ],
    closers: [
      'Get in touch to discuss how this applies to your situation.',
      'Learn more on our website.',
      'Reach out to start the conversation.',
    ],
    adjectives: ['reliable', 'proven', 'structured', 'measurable', 'focused'],
    emojis: ['✅', '📈', '💼', '📌'],
    bios: [
      '{Subject}. Focused on {detail} and {detail2}.',
      '{Subject} | {Detail} | {Detail2}',
      '{Subject}, helping teams get measurable results from {detail}.',
      '{Subject}. Practical insight on {detail}, backed by experience.',
      '{Subject} with a focus on {detail}. Open to new projects.',
      'Clear thinking on {detail} and {detail2}. {Subject}.',
    ],
  },
  witty: {
    hooks: [
      'Confession: I think about {topic} more than is strictly healthy.',
      '{Topic}: the hobby that quietly ate my weekends.',
      'Nobody warned me that {topic} would become my whole personality. Anyway.',
      'Hot take, served lukewarm: {topic} is easier than the internet makes it look.',
      'I tried to explain {topic} to my cat. The cat left. You are my new audience.',
    ],
    points: [
      '{Detail} is like flossing: everyone says they do it, few actually do.',
      'Step one of {detail}: stop googling it at 2 a.m. Step two: actually try it.',
      '{Detail} is less rocket science and more remembering where you left your keys.',
      "If {detail} were a person, it would be the friend who's right but annoying about it.",
      'Good news: {detail} forgives beginners. Bad news: it remembers everything.',
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
    bios: [
      '{Subject}. Professional overthinker of {detail}. Occasionally right about {detail2}.',
      '{Subject} by day, {detail} enthusiast by night. Coffee-powered.',
      '{Subject}. I post about {detail} so you do not have to learn it the hard way.',
      '{Subject}. Part {detail} nerd, part {detail2} fan, fully caffeinated.',
      '{Subject}. Here for {detail}, staying for the memes.',
      'Running on {detail}, {detail2} and an alarming amount of coffee. {Subject}.',
    ],
  },
  bold: {
    hooks: [
      'Stop overthinking {topic}.',
      '{Topic} is not optional anymore.',
      "Most advice about {topic} is wrong. Here's what actually moves the needle.",
      'You are one decision away from getting {topic} right.',
      'The fastest way to win at {topic}? Start before you feel ready.',
    ],
    points: [
      'Go all in on {detail}. Half-measures get half-results.',
      '{Detail} is the lever most people ignore. Pull it.',
      'Cut everything that is not {detail}. Then cut a little more.',
      'Own {detail} and the rest follows.',
      'Ship something built on {detail} this week, not next quarter.',
    ],
    closers: ['Start today.', 'Your move.', 'Follow for more. No fluff.'],
    adjectives: ['bold', 'no-nonsense', 'fearless', 'results-driven', 'relentless'],
    emojis: ['🔥', '⚡', '🚀', '💪', '🎯'],
    bios: [
      '{Subject}. {Detail}, done properly. No fluff.',
      '{Subject} on a mission: make {detail} impossible to ignore.',
      'Building in public: {detail} and {detail2}. {Subject}.',
      '{Subject}. I post what works in {detail}. Nothing else.',
      'All in on {detail}. {Subject}. Follow the journey.',
      '{Subject}. Loud about {detail}, serious about {detail2}.',
    ],
  },
  inspiring: {
    hooks: [
      'Every big change in {topic} started with one small step.',
      '{Topic} taught me that progress beats perfection.',
      'A year ago {topic} felt out of reach. Here is what changed.',
      'There is room for everyone in {topic}, including you.',
      'What if {topic} is exactly the challenge you need right now?',
    ],
    points: [
      '{Detail} grows from small, steady habits.',
      'Give yourself permission to be a beginner at {detail}.',
      'Each step in {detail} builds the confidence for the next one.',
      '{Detail} is where curiosity turns into something real.',
      'Celebrate the small wins in {detail}; they are the big ones in disguise.',
    ],
    closers: [
      'Take the first step today.',
      'Share this with someone who is about to begin.',
      'Keep going. You are closer than you think.',
    ],
    adjectives: ['meaningful', 'hopeful', 'lasting', 'purposeful', 'uplifting'],
    emojis: ['🌱', '✨', '🌟', '🌈', '💡'],
    bios: [
      '{Subject}. Proof that {detail} is for everyone.',
      '{Subject}, growing through {detail} and sharing every step.',
      'Believer in {detail} and {detail2}. {Subject}.',
      '{Subject}. Turning {detail} into small daily wins.',
      '{Subject} on a journey through {detail}. Join me.',
      'Small steps, big change. {Subject}, sharing {detail}.',
    ],
  },
  calm: {
    hooks: [
      'A few quiet thoughts on {topic}.',
      '{Topic} does not need to be rushed.',
      'Slowly, {topic} has become one of the better parts of my week.',
      'Some notes on {topic}, written without hurry.',
      "There's a steadier way to approach {topic}.",
    ],
    points: [
      '{Detail} works best when you give it space.',
      'Notice what {detail} changes, even in small ways.',
      'With {detail}, consistency matters more than intensity.',
      'Keep {detail} simple enough that you can return to it tomorrow.',
      '{Detail} is a practice, not a performance.',
    ],
    closers: ['Take what is useful and leave the rest.', 'More soon.', 'Thanks for reading.'],
    adjectives: ['steady', 'thoughtful', 'considered', 'clear', 'unhurried'],
    emojis: ['🌿', '☕', '🌙', '🍃'],
    bios: [
      '{Subject}. Quiet notes on {detail}.',
      '{Subject}. Thinking slowly about {detail} and {detail2}.',
      '{Subject}, writing about {detail} at a human pace.',
      '{Detail}, {detail2} and long walks. {Subject}.',
      '{Subject}. Sharing what I learn about {detail}, one step at a time.',
      '{Subject}. Writing about {detail}, calmly.',
    ],
  },
}
