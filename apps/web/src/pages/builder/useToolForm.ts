import { useForm, type UseFormReturnType } from '@mantine/form'
import { useTranslation } from 'react-i18next'

import type { ToolKind } from '@promptly/core/catalogue/tool'

import { validateDraft } from './draft-validation.ts'
import type { ToolDraft } from './tool-draft.ts'

export type ToolForm = UseFormReturnType<ToolDraft>

/**
 * The builder's form over a draft, checked by the API's schema (validateDraft). Controlled: the
 * live preview re-renders from the values on every change.
 */
export function useToolForm(initial: ToolDraft, kind: ToolKind): ToolForm {
  const { t } = useTranslation('admin')
  return useForm<ToolDraft>({
    mode: 'controlled',
    initialValues: initial,
    validate: (values) => validateDraft(values, t, kind),
  })
}
