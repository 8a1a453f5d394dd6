import { useSortable } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { ActionIcon } from '@mantine/core'
import IconGripVertical from '@tabler/icons-react/dist/esm/icons/IconGripVertical.mjs'
import type { ReactNode } from 'react'

interface SortableItemProps {
  id: string
  /** The drag handle's accessible name ("Drag element 2"). */
  handleLabel: string
  /** The item, given its drag handle to place. */
  children: (handle: ReactNode) => ReactNode
}

/** One item of a SortableList: it moves while dragged, and only its handle starts a drag. */
export function SortableItem({ id, handleLabel, children }: SortableItemProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  })
  const handle = (
    <ActionIcon
      ref={setActivatorNodeRef}
      variant="subtle"
      color="gray"
      aria-label={handleLabel}
      style={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
      {...attributes}
      {...listeners}
    >
      <IconGripVertical size={18} aria-hidden />
    </ActionIcon>
  )
  return (
    <div
      ref={setNodeRef}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 2 : undefined,
      }}
    >
      {children(handle)}
    </div>
  )
}
