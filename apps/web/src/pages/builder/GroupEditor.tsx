import { Fieldset, Group, Stack } from '@mantine/core'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

import { AddButton } from './AddButton.tsx'
import { ElementEditor } from './ElementEditor.tsx'
import { fieldDomId } from './field-ids.ts'
import { ReorderableList } from './ReorderableList.tsx'
import { emptyElement, type GroupDraft } from './tool-draft.ts'
import { useFocusAfterRender } from './useAfterRender.ts'
import type { ToolForm } from './useToolForm.ts'

interface GroupEditorProps {
  form: ToolForm
  group: GroupDraft
  index: number
  handle: ReactNode
  actions: ReactNode
}

/** One group (a row of the generator's form): its elements, reordered by dragging or by the buttons. */
export function GroupEditor({ form, group, index, handle, actions }: GroupEditorProps) {
  const path = `groups.${index}.elements` as const
  const focus = useFocusAfterRender()
  const { t } = useTranslation('admin')
  const number = index + 1

  return (
    <Fieldset legend={t('builder.groups.legend', { number })} radius="lg" variant="filled">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          {handle}
          {actions}
        </Group>
        <ReorderableList
          form={form}
          path={path}
          items={group.elements}
          nameAt={(place) => t('builder.groups.elementName', { place, group: number })}
          gap="md"
        >
          {(element, position, controls) => (
            <ElementEditor
              form={form}
              group={index}
              index={position}
              element={element}
              legend={t('builder.groups.elementLegend', { group: number, number: position + 1 })}
              {...controls}
            />
          )}
        </ReorderableList>
        <AddButton
          size="sm"
          onClick={() => {
            form.insertListItem(path, emptyElement())
            focus(fieldDomId(`${path}.${group.elements.length}.text`))
          }}
        >
          {t('builder.groups.addElement', { number })}
        </AddButton>
      </Stack>
    </Fieldset>
  )
}
