import { Stack, Text, type MantineSpacing } from '@mantine/core'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

import { fieldDomId } from './field-ids.ts'
import { MoveButtons } from './MoveButtons.tsx'
import { SortableItem } from './SortableItem.tsx'
import { SortableList } from './SortableList.tsx'
import type { ToolForm } from './useToolForm.ts'

interface ReorderableListProps<Item extends { key: string }> {
  form: ToolForm
  /** Where the items are in the draft: the groups, or one group's elements. */
  path: 'groups' | `groups.${number}.elements`
  items: readonly Item[]
  /** An item's name in its handle's and buttons' labels, by its place from 1 ("group 2"). */
  nameAt: (place: number) => string
  gap: MantineSpacing
  /** One item, given its drag handle and its move and remove buttons to place. */
  children: (item: Item, index: number, controls: { handle: ReactNode; actions: ReactNode }) => ReactNode
}

/**
 * A list of the draft reordered by dragging or by the move buttons, each item removable, with the
 * list's own message below it (focused by a failed save).
 */
export function ReorderableList<Item extends { key: string }>(props: ReorderableListProps<Item>) {
  const { form, path, items, nameAt, gap, children } = props
  const { t } = useTranslation('admin')
  const { error } = form.getInputProps(path)
  const ids = items.map((item) => item.key)
  const nameOf = (key: string) => nameAt(ids.indexOf(key) + 1)
  const move = (from: number, to: number) => form.reorderListItem(path, { from, to })

  return (
    <>
      <SortableList ids={ids} describe={nameOf} onMove={move}>
        <Stack gap={gap}>
          {items.map((item, index) => (
            <SortableItem
              key={item.key}
              id={item.key}
              handleLabel={t('builder.reorder.drag', { name: nameOf(item.key) })}
            >
              {(handle) =>
                children(item, index, {
                  handle,
                  actions: (
                    <MoveButtons
                      name={nameOf(item.key)}
                      index={index}
                      count={items.length}
                      onMove={move}
                      onRemove={() => form.removeListItem(path, index)}
                    />
                  ),
                })
              }
            </SortableItem>
          ))}
        </Stack>
      </SortableList>
      {error && (
        <Text id={fieldDomId(path)} tabIndex={-1} c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
    </>
  )
}
