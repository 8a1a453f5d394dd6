import { Textarea, type TextareaProps } from '@mantine/core'

import type { MediaTextFieldSpec } from './media-text-fields.ts'

type MediaTextFieldProps = Omit<TextareaProps, keyof MediaTextFieldSpec> & { field: MediaTextFieldSpec }

/** A dedicated screen's long text, growing downwards only so the layout beside it holds. */
export function MediaTextField({ field, ...inputProps }: MediaTextFieldProps) {
  return <Textarea {...field} resize="vertical" {...inputProps} />
}
