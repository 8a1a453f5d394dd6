import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core'
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

interface SortableListProps {
  /** The items' keys, in order. */
  ids: readonly string[]
  /** What a screen reader hears for an item ("element 2 of group 1"). */
  describe: (id: string) => string
  onMove: (from: number, to: number) => void
  children: ReactNode
}

/** Activation needs a few pixels of movement, so a click on a drag handle stays a click. */
const POINTER_ACTIVATION = { activationConstraint: { distance: 4 } }

/**
 * A vertical list reordered by dragging with dnd-kit: with the mouse or touch (PointerSensor) and
 * with the keyboard (KeyboardSensor), each move told to screen readers in the list's own words.
 */
export function SortableList({ ids, describe, onMove, children }: SortableListProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, POINTER_ACTIVATION),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  const { t } = useTranslation('admin')
  const name = (id: UniqueIdentifier) => describe(String(id))
  const position = (id: UniqueIdentifier | undefined) => (id === undefined ? -1 : ids.indexOf(String(id)) + 1)
  const where = (id: UniqueIdentifier, over: UniqueIdentifier) => ({
    name: name(id),
    position: position(over),
    count: ids.length,
  })
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('builder.reorder.pickedUp', { name: name(active.id) }),
    onDragOver: ({ active, over }) => (over ? t('builder.reorder.over', where(active.id, over.id)) : undefined),
    onDragEnd: ({ active, over }) =>
      over
        ? t('builder.reorder.droppedAt', where(active.id, over.id))
        : t('builder.reorder.dropped', { name: name(active.id) }),
    onDragCancel: ({ active }) => t('builder.reorder.cancelled', { name: name(active.id) }),
  }

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return
    const from = ids.indexOf(String(active.id))
    const to = ids.indexOf(String(over.id))
    if (from >= 0 && to >= 0) onMove(from, to)
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('builder.reorder.instructions') } }}
    >
      <SortableContext items={[...ids]} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  )
}
