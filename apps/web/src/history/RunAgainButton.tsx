import { Button, type ButtonProps } from '@mantine/core'
import { useLinkProps } from '@tanstack/react-router'
import type { ReactNode } from 'react'

interface RunAgainButtonProps extends Pick<ButtonProps, 'size' | 'variant'> {
  toolId: string
  generationId: string
  children: ReactNode
}

/** 'Run again': the tool's generator with its form filled from this generation (`/generate?id=&from=`). */
export function RunAgainButton({ toolId, generationId, children, ...buttonProps }: RunAgainButtonProps) {
  const linkProps = useLinkProps({ to: '/generate', search: { id: toolId, from: generationId } })
  return (
    <Button component="a" {...buttonProps} {...linkProps}>
      {children}
    </Button>
  )
}
