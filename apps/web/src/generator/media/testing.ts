import { notificationsStore } from '@mantine/notifications'

import type { ToolKind } from '@promptly/core/catalogue/tool'

import { LOCAL_CONFIG } from '../../test/catalogue-fixtures.ts'
import { fakeApi } from '../../test/fake-api.ts'
import { ADA } from '../../test/render.tsx'
import { similarTools, toolDetail } from '../testing/tool-fixtures.ts'

export const GENERATION_ID = '44444444-4444-4444-8444-444444444444'

export const toastMessages = () => notificationsStore.getState().notifications.map((toast) => toast.message)

/** The page's API for a dedicated tool of `kind`, counting the balance reads (the profile's 'X of Y left'). */
export function mediaApi(kind: Exclude<ToolKind, 'generic'>, procedures: Record<string, unknown> = {}, routes = {}) {
  const calls = { limits: 0 }
  const fetch = fakeApi(
    {
      'system.config': LOCAL_CONFIG,
      'auth.me': ADA,
      'tools.get': { tool: toolDetail({ kind, name: `The ${kind} tool`, groups: [] }), similar: similarTools(2) },
      'credits.limits': () => {
        calls.limits += 1
        return { plan: 'free', current_limit: 30 - (calls.limits - 1), max_limit: 30 }
      },
      ...procedures,
    },
    routes,
  )
  return { calls, fetch }
}

/** A promise and the function that settles it: holds a fake answer until the test lets it go. */
export function gate() {
  let open: () => void = () => {}
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return { opened, open }
}
