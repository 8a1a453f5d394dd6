import { SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core'
import type { ParseKeys } from 'i18next'
import { useTranslation } from 'react-i18next'

import { fieldDomId } from './field-ids.ts'
import type { ToolForm } from './useToolForm.ts'

/** Each detail's label, hint and length limit (the API's); all four are required. */
interface Detail {
  label: ParseKeys<'admin'>
  description?: ParseKeys<'admin'>
  maxLength: number
}

const DETAILS: Record<'name' | 'accoName' | 'description' | 'tagLine', Detail> = {
  name: { label: 'builder.details.name', maxLength: 100 },
  accoName: { label: 'builder.details.accoName', description: 'builder.details.accoNameHint', maxLength: 100 },
  description: { label: 'builder.details.description', maxLength: 2000 },
  tagLine: { label: 'builder.details.tagLine', description: 'builder.details.tagLineHint', maxLength: 300 },
}

/** Name, Acco Name, Description and Tagline (spec: Tool-builder). */
export function ToolDetailsFields({ form }: { form: ToolForm }) {
  const { t } = useTranslation('admin')
  const detail = (path: keyof typeof DETAILS) => {
    const texts = DETAILS[path]
    return {
      id: fieldDomId(path),
      label: t(texts.label),
      description: texts.description === undefined ? undefined : t(texts.description),
      maxLength: texts.maxLength,
      withAsterisk: true,
      // The asterisk is for the eye; a screen reader hears aria-required.
      'aria-required': true,
      ...form.getInputProps(path),
    }
  }
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput {...detail('name')} />
        <TextInput {...detail('accoName')} />
      </SimpleGrid>
      <Textarea {...detail('description')} resize="vertical" rows={3} />
      <TextInput {...detail('tagLine')} />
    </Stack>
  )
}
