import { z } from 'zod'

/** The labels some tool carries, All Tools first. */
export const categoriesOutput = z.array(z.string())
export type CategoriesOutput = z.infer<typeof categoriesOutput>
