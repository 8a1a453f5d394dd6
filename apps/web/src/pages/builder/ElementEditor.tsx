import { Checkbox, Fieldset, Group, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

import { FIELD_ROLES } from '@promptly/core/catalogue/field-roles'
import { OTHER_ELEMENT_TYPE } from '@promptly/core/catalogue/form-element-types'
import { PROMPT_VALUE_PLACEHOLDER } from '@promptly/core/catalogue/tool'
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
  const { t } = useTranslation('admin')
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
            label={t('builder.element.label')}
            withAsterisk
            aria-required
            maxLength={120}
            {...form.getInputProps(`${path}.text`)}
          />
          <NativeSelect
            id={fieldDomId(`${path}.type`)}
            label={t('builder.element.type')}
            data={BUILDER_ELEMENT_TYPES.map((type) => ({ value: type, label: t(`builder.element.types.${type}`) }))}
            {...form.getInputProps(`${path}.type`)}
          />
          <TextInput
            id={fieldDomId(`${path}.placeholder`)}
            label={t('builder.element.placeholder')}
            description={t('builder.element.placeholderHint')}
            maxLength={200}
            {...form.getInputProps(`${path}.placeholder`)}
          />
          {element.type === OTHER_ELEMENT_TYPE && (
            <TextInput
              id={fieldDomId(`${path}.otherType`)}
              label={t('builder.element.otherType')}
              description={t('builder.element.otherTypeHint')}
              withAsterisk
              aria-required
              maxLength={40}
              {...form.getInputProps(`${path}.otherType`)}
            />
          )}
        </SimpleGrid>
        <Textarea
          id={fieldDomId(`${path}.gpt`)}
          label={t('builder.element.prompt')}
          description={t('builder.element.promptHint', { token: PROMPT_VALUE_PLACEHOLDER })}
          resize="vertical"
          rows={2}
          maxLength={1000}
          {...form.getInputProps(`${path}.gpt`)}
        />
        <NativeSelect
          id={fieldDomId(`${path}.role`)}
          label={t('builder.element.role')}
          description={t('builder.element.roleHint')}
          data={FIELD_ROLES.map((role) => ({ value: role, label: t(`builder.element.roles.${role}`) }))}
          {...form.getInputProps(`${path}.role`)}
        />
        {TYPES_WITH_OPTIONS.has(element.type) && (
          <OptionsEditor form={form} path={path} type={element.type as BuilderElementType} />
        )}
        <Checkbox
          id={fieldDomId(`${path}.required`)}
          label={t('builder.element.required')}
          {...form.getInputProps(`${path}.required`, { type: 'checkbox' })}
        />
      </Stack>
    </Fieldset>
  )
}
