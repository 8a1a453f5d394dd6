import { Button, Group, type MantineSize } from '@mantine/core'
import IconPlus from '@tabler/icons-react/dist/esm/icons/IconPlus.mjs'
import type { ReactNode } from 'react'

/** "Add a group", "Add option"...: the builder's buttons that append an item to a list. */
export function AddButton({
  onClick,
  size = 'sm',
  children,
}: {
  onClick: () => void
  size?: MantineSize
  children: ReactNode
}) {
  return (
    <Group>
      <Button variant="light" size={size} leftSection={<IconPlus size={16} aria-hidden />} onClick={onClick}>
        {children}
      </Button>
    </Group>
  )
}
