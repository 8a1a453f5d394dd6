import { useCallback, useEffect, useRef } from 'react'

import type { BrandVoice } from '@promptly/api/voices/voice.schema'

// The section is on the page once (the profile), so its controls can have fixed ids to be found by.
export const BRAND_VOICES_HEADING_ID = 'brand-voices-heading'
export const NEW_VOICE_BUTTON_ID = 'brand-voice-new'
export const editVoiceButtonId = (voiceId: string) => `brand-voice-edit-${voiceId}`
export const deleteVoiceButtonId = (voiceId: string) => `brand-voice-delete-${voiceId}`

/**
 * Where the focus goes once a voice is deleted: the next voice's Edit (the previous one's for the
 * last), so a keyboard user stays in the list; with none left, New voice, or the heading when New is
 * not offered.
 */
export function focusAfterDelete(voices: readonly BrandVoice[], deletedId: string, canAdd: boolean): string {
  const index = voices.findIndex((voice) => voice.id === deletedId)
  const neighbour = voices[index + 1] ?? voices[index - 1]
  if (neighbour) return editVoiceButtonId(neighbour.id)
  return canAdd ? NEW_VOICE_BUTTON_ID : BRAND_VOICES_HEADING_ID
}

/**
 * Moves the focus to an element by id once it is on the page: asked for when a dialog closes, it
 * happens after the render that closes it (and after the list that holds the element has caught
 * up). Mantine hands the focus back to the dialog's opener only when nothing else took it, so this
 * wins over that for a saved or deleted voice, and Cancel still goes back to the opener.
 */
export function useFocusWhenShown(): (elementId: string) => void {
  const pending = useRef<string | null>(null)
  useEffect(() => {
    if (pending.current === null) return
    const target = document.getElementById(pending.current)
    if (!target) return
    pending.current = null
    target.focus()
  })
  return useCallback((elementId: string) => {
    pending.current = elementId
  }, [])
}
