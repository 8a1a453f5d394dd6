import { Textarea, type TextareaProps } from '@mantine/core'
import { useTranslation } from 'react-i18next'

import { useMediaMessage } from './media-messages.ts'
import type { MediaTextFieldSpec } from './media-text-fields.ts'

type MediaTextFieldProps = Omit<TextareaProps, keyof MediaTextFieldSpec> & { field: MediaTextFieldSpec }

/**
 * A dedicated screen's long text, growing downwards only so the layout beside it holds. Its words
 * and the form's message about it are said in the page's language.
 */
export function MediaTextField({ field, error, ...inputProps }: MediaTextFieldProps) {
  const { t } = useTranslation('generator')
  const message = useMediaMessage()
  const { label, placeholder, ...spec } = field
  return (
    <Textarea
      {...spec}
      label={t(label)}
      placeholder={t(placeholder)}
      resize="vertical"
      error={typeof error === 'string' ? message(error) : error}
      {...inputProps}
    />
  )
}
