import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useLayoutEffect, useReducer, useRef } from 'react'

import { markCategoryForRefetch } from '../catalogue/catalogue-queries.ts'
import {
  catalogueReducer,
  initialCatalogueState,
  newlyShownCategory,
  type CatalogueAction,
} from '../catalogue/catalogue-state.ts'
import { useTRPC } from '../trpc/client.ts'

/**
 * The home catalogue's state (the chosen category, the search) and a dispatch that stays the same
 * function, so the memoised catalogue does not re-render; choosing a category shows its cached
 * cards and refetches them (spec §4).
 */
export function useHomeCatalogueState(openMyTools: boolean) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const [state, apply] = useReducer(catalogueReducer, openMyTools, initialCatalogueState)
  // Read by dispatch, which stays the same function so the memoised catalogue does not re-render.
  const stateNow = useRef(state)
  useLayoutEffect(() => {
    stateNow.current = state
  }, [state])
  const dispatch = useCallback(
    (action: CatalogueAction) => {
      const category = newlyShownCategory(stateNow.current, action)
      if (category !== null) markCategoryForRefetch(queryClient, trpc, category)
      apply(action)
    },
    [queryClient, trpc],
  )
  return { state, dispatch }
}
