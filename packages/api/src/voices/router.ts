import type { TRPCRouterRecord } from '@trpc/server'
import { z } from 'zod'

import { authedProcedure } from '../trpc.ts'
import { createVoice } from './create.handler.ts'
import { deleteVoice } from './delete.handler.ts'
import { listVoices } from './list.handler.ts'
import { listVoicesOutput } from './list.schema.ts'
import { pickVoice } from './pick.handler.ts'
import { pickVoiceInput, pickVoiceOutput } from './pick.schema.ts'
import { updateVoice } from './update.handler.ts'
import { brandVoice, createVoiceInput, updateVoiceInput, voiceIdInput } from './voice.schema.ts'

/** The caller's brand voices: saved on the profile, picked on any tool, applied to the prompt as data. */
export const voicesRouter = {
  list: authedProcedure.output(listVoicesOutput).query(listVoices),
  /** CONFLICT past BRAND_VOICE_LIMIT or for a name the caller already uses. */
  create: authedProcedure.input(createVoiceInput).output(brandVoice).mutation(createVoice),
  update: authedProcedure.input(updateVoiceInput).output(brandVoice).mutation(updateVoice),
  delete: authedProcedure
    .input(voiceIdInput)
    .output(z.object({ id: z.string(), deleted: z.literal(true) }))
    .mutation(deleteVoice),
  /** Remembers the pick (null: none) for the next tool page. */
  pick: authedProcedure.input(pickVoiceInput).output(pickVoiceOutput).mutation(pickVoice),
} satisfies TRPCRouterRecord
