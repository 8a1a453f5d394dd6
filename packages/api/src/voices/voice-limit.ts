/** The refusal when a user already keeps as many voices as the operator allows (BRAND_VOICE_LIMIT). */
export function voiceLimitMessage(limit: number): string {
  return limit === 0
    ? 'Brand voices are turned off on this server'
    : `You already have ${limit} brand voices, the most allowed. Delete one to add another.`
}

export function duplicateVoiceNameMessage(name: string): string {
  return `You already have a brand voice named "${name}"`
}
