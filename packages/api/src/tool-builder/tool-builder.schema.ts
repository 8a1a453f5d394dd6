import { z } from 'zod'

import { toolBuilderInput } from '@promptly/core/catalogue/tool-builder'
import { noControlCharacters } from '@promptly/core/text/control-characters'

import { toolCard, toolDetail, toolId } from '../tools/tool.schema.ts'

/**
 * The tool-builder's inputs and answers, the same for an admin's catalogue tools (admin.tools) and a
 * user's personal tools (tools.personal): what differs is whose tools a call reaches, never the shape.
 */

/** What the builder saves (core's toolBuilderInput): create, and the `tool` of an update. */
export const builtToolInput = toolBuilderInput
export type BuiltToolInput = z.output<typeof builtToolInput>

export const builtToolIdInput = z.object({ id: toolId })
export type BuiltToolIdInput = z.infer<typeof builtToolIdInput>

export const updateBuiltToolInput = z.object({ id: toolId, tool: toolBuilderInput })
export type UpdateBuiltToolInput = z.output<typeof updateBuiltToolInput>

/** The new tool's id (the legacy addObjectOnce answers it as `message._id`). */
export const createdToolOutput = z.object({ id: z.string() })
export type CreatedToolOutput = z.infer<typeof createdToolOutput>

export const deletedToolOutput = z.object({ id: z.string(), deleted: z.literal(true) })
export type DeletedToolOutput = z.infer<typeof deletedToolOutput>

/** A tool as the builder edits it: the generator page's view, plus who owns it and whether it is in the catalogue. */
export const builtToolView = toolDetail.omit({ isBookmarked: true }).extend({
  /** In the catalogue for everyone; false for a personal tool. */
  published: z.boolean(),
  /** Who built it; null for the seeded catalogue. */
  ownerId: z.string().nullable(),
})
export type BuiltToolView = z.infer<typeof builtToolView>

export const ADMIN_REASON_MIN_LENGTH = 3
export const ADMIN_REASON_MAX_LENGTH = 500

/**
 * Why an admin reaches into a user's private tool (see admin-tool-scope.ts), kept in the audit log:
 * one line, long enough to say something. Optional in every admin.tools input: a catalogue tool
 * needs none, and anything shorter than a word is no reason at all.
 */
export const adminReason = z
  .string()
  .trim()
  .min(ADMIN_REASON_MIN_LENGTH, `A reason needs at least ${ADMIN_REASON_MIN_LENGTH} characters`)
  .max(ADMIN_REASON_MAX_LENGTH)
  .check(noControlCharacters('A reason must be a single line of text'))

/** An admin's call on one tool (admin.tools.get and delete). */
export const adminToolIdInput = builtToolIdInput.extend({ reason: adminReason.optional() })
export type AdminToolIdInput = z.output<typeof adminToolIdInput>

export const adminUpdateToolInput = updateBuiltToolInput.extend({ reason: adminReason.optional() })
export type AdminUpdateToolInput = z.output<typeof adminUpdateToolInput>

/** A card of the caller's own tools (tools.personal.list). */
export const personalToolCard = toolCard.extend({ published: z.boolean() })
export type PersonalToolCard = z.infer<typeof personalToolCard>
export const personalToolList = z.array(personalToolCard)

/** An admin puts a tool into the catalogue, or takes it out (back to its owner's personal tools). */
export const publishToolOutput = z.object({ id: toolId, published: z.boolean() })
export type PublishToolOutput = z.infer<typeof publishToolOutput>
export const publishToolInput = publishToolOutput.extend({ reason: adminReason.optional() })
export type PublishToolInput = z.output<typeof publishToolInput>
