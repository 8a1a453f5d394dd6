import type { ContentKind } from './content-brief.ts'

/**
 * The patterns readBrief reads a prompt with. Prompts come from the tools' `gpt` fragments (one
 * line per form element, see core's composePrompt), so these follow how those fragments are
 * written ("...for this person: {value}.", 'Include the keyword "{value}".').
 */

export const KIND_PATTERNS: Array<[ContentKind, RegExp]> = [
  ['summary', /^summari[sz]e\b/i],
  ['grammar', /^correct the grammar|\bgrammar\b/i],
  ['translation', /^translate\b/i],
  ['rewrite', /^(?:rewrite|paraphrase)\b/i],
  ['hashtags', /\bhashtags\b/i],
  ['meta', /\bmeta descriptions?\b/i],
  ['subject_lines', /\b\d+\s+(?:email\s+)?subject lines\b/i],
  ['tags', /\btags\b(?! of)/i],
  ['hero', /\bhero\b/i],
  ['ad', /\bad (?:copy|headline)|\bsearch ad\b|\bads?\b/i],
  ['bio', /\bbios?\b|linkedin headlines?|\bshort intro\b/i],
  ['caption', /\bcaptions?\b/i],
  ['outline', /\boutline\b/i],
  ['listicle', /\blisticle\b/i],
  ['intros', /\bintroductions?\b/i],
  ['titles', /\btitles?\b|\bheadlines?\b/i],
  ['thread', /\bthread\b/i],
  ['post', /\bposts?\b/i],
  ['email', /\be-?mails?\b|\bpitch\b|\bnewsletter\b/i],
]

export const COUNT_NOUNS = '(?:different |short |detailed |simple, scalable |numbered |variations |more )*'
export const UNIT_AFTER_NUMBER = /^\s*(?:characters?|words?|minutes?|seconds?|hours?|days?|%|x\d)/i

/** Any one of `labels` (regular-expression sources), as one group. */
function oneOf(labels: readonly string[]): string {
  return `(?:${labels.join('|')})`
}

/**
 * Lines that give an instruction rather than carry the user's text; they end the text to rewrite.
 * Matches the starts of the catalogue's fragments and common imperative openings.
 */
const INSTRUCTION_OPENINGS = [
  'make',
  'keep',
  'use',
  'translate it',
  'address',
  'context',
  'summary length',
  'finish',
  'do not',
  'return',
  'after the',
  'write',
  'tone',
  'format',
  'length',
  'add',
  'include',
  'end',
  'mention',
  'the (?:tone|audience|goal|reader|post|email|headline)',
  'it is',
  'give',
  'avoid',
  'leave',
  'mark',
  'put',
]
export const INSTRUCTION_LINE = new RegExp(String.raw`^${oneOf(INSTRUCTION_OPENINGS)}\b`, 'i')

/** Labels of the lines that say the format asked for (readFormat reads their value). */
const FORMAT_LABELS = [
  'format',
  'post type',
  'title style',
  'style of the posts',
  'summary length',
  'caption length',
  'length',
  'target (?:video )?length',
  'visual style',
]
export const FORMAT_LINE = new RegExp(String.raw`^${oneOf(FORMAT_LABELS)}:\s*([^.;\n]+)`, 'i')

/** Labels of lines whose value is a picked option or a setting, never a topic: formats among them. */
const SETTING_LABELS = [
  ...FORMAT_LABELS,
  'the goal of',
  'the campaign objective',
  'the post is',
  'the email is',
  'it is',
  'it has',
  'the thread has',
  String.raw`write \w+ variants`,
  'give exactly',
  String.raw`use \w+ spelling`,
  'translate it into',
  'address the reader',
  'open with',
  'offer',
  'end with a low-effort ask',
  'the button should',
  'resize for',
  'the ad runs on',
  'vary mainly',
  "the headline's goal",
  'include these chapters',
]
export const SETTING_LABEL = new RegExp(`^${oneOf(SETTING_LABELS)}`, 'i')

export const TONE_PATTERNS = [
  /\b(?:tone(?: of voice)?|vibe|presenter tone):\s*([A-Za-z][A-Za-z -]{1,30}?)\s*(?:[.;,]|$)/im,
  /\b(?:use|write in|with) an? ([A-Za-z][A-Za-z -]{1,30}?) tone\b/i,
  /\b(?:vibe should be|make the tone|should feel) ([A-Za-z][A-Za-z -]{1,30}?)\s*(?:[.;,]|$)/im,
]

const CALL_TO_ACTION_LABELS = [
  String.raw`call to action[^:\n]*`,
  'close with this way to get in touch',
  'the last post should say',
  'sign off as',
]
export const CALL_TO_ACTION_PATTERNS = [
  new RegExp(String.raw`\b${oneOf(CALL_TO_ACTION_LABELS)}:\s*(.+?)(?:\.\s|\.?$)`, 'im'),
  /\bcall to action like ["“]([^"”]+)["”]/i,
  /\bcall to action[^:\n]*?,?\s+(?:shortened if needed)?:?\s*([^\n]+?)\.?$/im,
]

const AUDIENCE_LABELS = [
  'the audience is',
  'audience and their problem:',
  'write for this audience:',
  'the reader is',
  'the pitch goes to',
  'write for',
]
export const AUDIENCE_PATTERNS = [
  new RegExp(String.raw`\b${oneOf(AUDIENCE_LABELS)}\s+([^.;\n]+)`, 'i'),
  /\bfor this audience:\s*([^.;\n]+)/i,
]
