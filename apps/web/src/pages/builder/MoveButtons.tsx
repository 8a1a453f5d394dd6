import { ActionIcon, Group } from '@mantine/core'
import IconArrowDown from '@tabler/icons-react/dist/esm/icons/IconArrowDown.mjs'
import IconArrowUp from '@tabler/icons-react/dist/esm/icons/IconArrowUp.mjs'
import IconTrash from '@tabler/icons-react/dist/esm/icons/IconTrash.mjs'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

interface MoveButtonsProps {
  /** The item's name in the buttons' labels ("element 2"). */
  name: string
  index: number
  count: number
  onMove: (from: number, to: number) => void
  onRemove: () => void
}

/** Move up, move down and remove for one item: reordering without dragging, one press a step. */
export function MoveButtons({ name, index, count, onMove, onRemove }: MoveButtonsProps) {
  const { t } = useTranslation('admin')
  return (
    <Group gap={4} wrap="nowrap">
      <StepButton label={t('builder.reorder.up', { name })} atEnd={index === 0} onStep={() => onMove(index, index - 1)}>
        <IconArrowUp size={16} aria-hidden />
      </StepButton>
      <StepButton
        label={t('builder.reorder.down', { name })}
        atEnd={index === count - 1}
        onStep={() => onMove(index, index + 1)}
      >
        <IconArrowDown size={16} aria-hidden />
      </StepButton>
      <ActionIcon variant="subtle" color="red" aria-label={t('builder.reorder.remove', { name })} onClick={onRemove}>
        <IconTrash size={16} aria-hidden />
      </ActionIcon>
    </Group>
  )
}

/**
 * At the end of the list the button stays focusable (aria-disabled): one that disabled itself
 * would drop the keyboard focus of whoever just moved the item there.
 */
function StepButton({
  label,
  atEnd,
  onStep,
  children,
}: {
  label: string
  atEnd: boolean
  onStep: () => void
  children: ReactNode
}) {
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      aria-label={label}
      aria-disabled={atEnd}
      data-disabled={atEnd || undefined}
      onClick={() => {
        if (!atEnd) onStep()
      }}
    >
      {children}
    </ActionIcon>
  )
}
