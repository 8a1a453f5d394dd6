import { Stack, Text } from '@mantine/core'

import { AddButton } from './AddButton.tsx'
import { fieldDomId } from './field-ids.ts'
import { GroupEditor } from './GroupEditor.tsx'
import { MoveButtons } from './MoveButtons.tsx'
import { SortableItem } from './SortableItem.tsx'
import { SortableList } from './SortableList.tsx'
import { emptyGroup } from './tool-draft.ts'
import { useFocusAfterRender } from './useAfterRender.ts'
import type { ToolForm } from './useToolForm.ts'

/** The tool's form: groups of input elements (spec: nested groups; add, remove and reorder). */
export function GroupsEditor({ form }: { form: ToolForm }) {
  const { groups } = form.getValues()
  const focus = useFocusAfterRender()
  const { error } = form.getInputProps('groups')
  const ids = groups.map((group) => group.key)
  const nameOf = (key: string) => `group ${ids.indexOf(key) + 1}`
  const move = (from: number, to: number) => form.reorderListItem('groups', { from, to })

  return (
    <Stack gap="md">
      <SortableList ids={ids} describe={nameOf} onMove={move}>
        <Stack gap="lg">
          {groups.map((group, index) => (
            <SortableItem key={group.key} id={group.key} handleLabel={`Drag ${nameOf(group.key)}`}>
              {(handle) => (
                <GroupEditor
                  form={form}
                  group={group}
                  index={index}
                  handle={handle}
                  actions={
                    <MoveButtons
                      name={nameOf(group.key)}
                      index={index}
                      count={groups.length}
                      onMove={move}
                      onRemove={() => form.removeListItem('groups', index)}
                    />
                  }
                />
              )}
            </SortableItem>
          ))}
        </Stack>
      </SortableList>
      {error && (
        <Text id={fieldDomId('groups')} tabIndex={-1} c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
      <AddButton
        onClick={() => {
          form.insertListItem('groups', emptyGroup())
          focus(fieldDomId(`groups.${groups.length}.elements.0.text`))
        }}
      >
        Add a group
      </AddButton>
    </Stack>
  )
}
