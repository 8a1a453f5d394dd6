import { z } from 'zod'
import { toolCardList } from './tool.schema.ts'

/** 'All Tools' lists every tool; labels match case-insensitively for the fixed list ("seo tools"). */
export const byCategoryInput = z.object({ category: z.string().trim().min(1).max(100) })
export type ByCategoryInput = z.infer<typeof byCategoryInput>

export const byCategoryOutput = toolCardList
