import { createContext } from 'react'

import type { ScreenGuess } from '@promptly/core/web/page-renderer'

/**
 * On the server: the screen the request most likely comes from (ssr/render-page.tsx provides it),
 * for the parts laid out differently on phones. Not provided in the browser, which measures.
 */
export const ServerScreenGuess = createContext<ScreenGuess>('wide')
