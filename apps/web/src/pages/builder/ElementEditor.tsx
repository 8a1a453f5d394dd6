import { Checkbox, Fieldset, Group, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core'
import type { ReactNode } from 'react'

import { OTHER_ELEMENT_TYPE, PROMPT_VALUE_PLACEHOLDER } from '@promptly/core/catalogue/tool'
import { BUILDER_ELEMENT_TYPES } from '@promptly/core/catalogue/tool-builder'

import { fieldDomId } from './field-ids.ts'
import { OptionsEditor } from './OptionsEditor.tsx'
import type { BuilderElementType, ElementDraft } from './tool-draft.ts'
import type { ToolForm } from './useToolForm.ts'

/** Types whose options the generator page shows; the others are typed-in text. */
const TYPES_WITH_OPTIONS: ReadonlySet<string> = new Set(['select', 'tone', 'switch', 'checkbox', OTHER_ELEMENT_TYPE])

interface ElementEditorProps {
  form: ToolForm
  group: number
  index: number
  element: ElementDraft
  /** "Group 1, element 2": the fieldset's name, so every "Label" field says whose it is. */
  legend: string
  handle: ReactNode
  actions: ReactNode
}

/** One input element of the tool's form (spec: Form element), with its drag handle and buttons. */
export function ElementEditor({ form, group, index, element, legend, handle, actions }: ElementEditorProps) {
  const path = `groups.${group}.elements.${index}` as const
  return (
    <Fieldset legend={legend} radius="md" id={fieldDomId(path)}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          {handle}
          {actions}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            id={fieldDomId(`${path}.text`)}
            label="Label"
            withAsterisk
            maxLength={120}
            {...form.getInputProps(`${path}.text`)}
          />
          <NativeSelect
            id={fieldDomId(`${path}.type`)}
            label="Type"
            data={BUILDER_ELEMENT_TYPES.map((type) => ({ value: type, label: type }))}
            {...form.getInputProps(`${path}.type`)}
          />
          <TextInput
            id={fieldDomId(`${path}.placeholder`)}
            label="Placeholder"
            description="Also names the field in '… is required'"
            maxLength={200}
            {...form.getInputProps(`${path}.placeholder`)}
          />
          {element.type === OTHER_ELEMENT_TYPE && (
            <TextInput
              id={fieldDomId(`${path}.otherType`)}
              label="Other type"
              description="Saved as the element's type"
              withAsterisk
              maxLength={40}
              {...form.getInputProps(`${path}.otherType`)}
            />
          )}
        </SimpleGrid>
        <Textarea
          id={fieldDomId(`${path}.gpt`)}
          label="Prompt fragment"
          description={`What this field adds to the prompt; ${PROMPT_VALUE_PLACEHOLDER} stands for the user's value`}
          resize="vertical"
          rows={2}
          maxLength={1000}
          {...form.getInputProps(`${path}.gpt`)}
        />
        {TYPES_WITH_OPTIONS.has(element.type) && (
          <OptionsEditor form={form} path={path} type={element.type as BuilderElementType} />
        )}
        <Checkbox
          id={fieldDomId(`${path}.required`)}
          label="Required"
          {...form.getInputProps(`${path}.required`, { type: 'checkbox' })}
        />
      </Stack>
    </Fieldset>
  )
}
