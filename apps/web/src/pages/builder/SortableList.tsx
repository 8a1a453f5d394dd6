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
const SCREEN_READER_INSTRUCTIONS = {
  draggable:
    'To reorder, press Space or Enter to pick the item up, the arrow keys to move it, then Space or Enter ' +
    'to drop it, or Escape to cancel. The move up and move down buttons do the same.',
}

/**
 * A vertical list reordered by dragging with dnd-kit: with the mouse or touch (PointerSensor) and
 * with the keyboard (KeyboardSensor), each move told to screen readers in the list's own words.
 */
export function SortableList({ ids, describe, onMove, children }: SortableListProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, POINTER_ACTIVATION),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  const name = (id: UniqueIdentifier) => describe(String(id))
  const position = (id: UniqueIdentifier | undefined) => (id === undefined ? -1 : ids.indexOf(String(id)) + 1)
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${name(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${name(active.id)} is over position ${position(over.id)} of ${ids.length}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `${name(active.id)} dropped at position ${position(over.id)} of ${ids.length}.`
        : `${name(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${name(active.id)} was cancelled.`,
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
      accessibility={{ announcements, screenReaderInstructions: SCREEN_READER_INSTRUCTIONS }}
    >
      <SortableContext items={[...ids]} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  )
}
