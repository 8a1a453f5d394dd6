// The same settings as @promptly/ai's: its comments say why (loopback servers, real engines, one worker).
export { default } from '../ai/vitest.config.ts'
