import { createHmac } from 'node:crypto'

import type { AppConfig } from '../config/app-config.ts'

/**
 * The secret media capability URLs are signed with: MEDIA_URL_SECRET, or one derived from the session
 * secret for this purpose alone (as the local checkout's is), so every instance sharing the session
 * secret checks the others' links, and a leaked media secret reveals nothing of the session secret.
 */
export function mediaUrlSecret({ env, sessionSecret }: Pick<AppConfig, 'env' | 'sessionSecret'>): string {
  return env.MEDIA_URL_SECRET ?? createHmac('sha256', sessionSecret).update('media-urls').digest('base64url')
}
