import { SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core'

import { fieldDomId } from './field-ids.ts'
import type { ToolForm } from './useToolForm.ts'

/** Name, Acco Name, Description and Tagline (spec: Tool-builder). */
export function ToolDetailsFields({ form }: { form: ToolForm }) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput id={fieldDomId('name')} label="Name" withAsterisk maxLength={100} {...form.getInputProps('name')} />
        <TextInput
          id={fieldDomId('accoName')}
          label="Acco Name"
          description="The short name shown where space is tight; unique among tools"
          withAsterisk
          maxLength={100}
          {...form.getInputProps('accoName')}
        />
      </SimpleGrid>
      <Textarea
        id={fieldDomId('description')}
        label="Description"
        withAsterisk
        resize="vertical"
        rows={3}
        maxLength={2000}
        {...form.getInputProps('description')}
      />
      <TextInput
        id={fieldDomId('tagLine')}
        label="Tagline"
        description="The one-line pitch on the tool's card"
        withAsterisk
        maxLength={300}
        {...form.getInputProps('tagLine')}
      />
    </Stack>
  )
}
