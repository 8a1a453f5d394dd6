/** The six voices of the local model: every tone a tool offers maps to one (tones.ts). */
export type ToneFamily = 'friendly' | 'professional' | 'witty' | 'bold' | 'inspiring' | 'calm'
