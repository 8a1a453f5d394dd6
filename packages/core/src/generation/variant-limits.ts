/**
 * Most variants one run asks for, written side by side. Apart from the schemas, so the generator
 * page's first load can show the choice without the validation library.
 */
export const MAX_VARIANTS = 3
