/**
 * zod compiles a fast parser for object schemas with `new Function` when it may; the page's CSP
 * forbids eval, so the attempt was refused and reported as a CSP violation on every page that
 * validates a form. Its interpreted parser gives the same answers.
 *
 * zod keeps its settings on this global and adopts an object already there when it first loads
 * (so that copies of zod share them). Setting it here, before any chunk with zod has loaded, keeps
 * zod itself out of the entry chunk; zod-without-eval.test.ts checks that zod reads it.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } }
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true }
