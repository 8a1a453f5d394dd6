import { SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core'

import { fieldDomId } from './field-ids.ts'
import type { ToolForm } from './useToolForm.ts'

/** Each detail's label, hint and length limit (the API's); all four are required. */
const DETAILS = {
  name: { label: 'Name', maxLength: 100 },
  accoName: {
    label: 'Acco Name',
    description: 'The short name shown where space is tight; unique among tools',
    maxLength: 100,
  },
  description: { label: 'Description', maxLength: 2000 },
  tagLine: { label: 'Tagline', description: "The one-line pitch on the tool's card", maxLength: 300 },
}

/** Name, Acco Name, Description and Tagline (spec: Tool-builder). */
export function ToolDetailsFields({ form }: { form: ToolForm }) {
  const detail = (path: keyof typeof DETAILS) => ({
    id: fieldDomId(path),
    ...DETAILS[path],
    withAsterisk: true,
    ...form.getInputProps(path),
  })
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
