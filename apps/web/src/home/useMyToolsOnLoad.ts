import { useNavigate } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'

import { MY_TOOLS_PARAM_TTL_MS } from '../catalogue/constants.ts'
import { useRemoveParamLater, withoutParam } from '../catalogue/useRemoveParamLater.ts'
import { toast } from '../components/toast.ts'
import type { IdentityStatus } from '../identity/identity-context.ts'
import { scrollToCatalogue } from './catalogue-anchor.ts'
import type { HomeSearch } from './home-search.ts'

/**
 * What `?mytools` asks of the home page beyond opening My Tools: the address loses the parameter
 * after 5 s (other parameters kept), and once the identity is known the catalogue is scrolled to,
 * or a signed-out visitor is told to sign in. Once only, so a later sign-out on this page does not
 * repeat it.
 */
export function useMyToolsOnLoad(inAddress: boolean, openMyTools: boolean, status: IdentityStatus): void {
  const { t } = useTranslation()
  const navigate = useNavigate()
  useRemoveParamLater(
    inAddress,
    () =>
      void navigate({
        to: '/',
        search: (prev) => withoutParam(prev, 'mytools') as HomeSearch,
        hash: true,
        replace: true,
        resetScroll: false,
      }),
    MY_TOOLS_PARAM_TTL_MS,
  )

  const myToolsAnswered = useRef(false)
  useEffect(() => {
    if (!openMyTools || status === 'loading' || myToolsAnswered.current) return
    myToolsAnswered.current = true
    if (status === 'signed-out') toast.error(t('home.signInToViewBookmarks'), 'view-bookmarks-signed-out')
    else scrollToCatalogue()
  }, [openMyTools, status, t])
}
