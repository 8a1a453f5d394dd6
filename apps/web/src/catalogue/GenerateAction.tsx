import type { ToolCard } from '@promptly/api/tools/tool.schema'

import { toast } from '../components/toast.ts'
import { useSharedTranslation } from '../i18n/shared-translation.tsx'
import controls from '../theme/controls.module.css'

export function generatorHref(toolId: string): string {
  return `/generate?id=${encodeURIComponent(toolId)}`
}

const CONTROL = `mantine-focus-auto mantine-active ${controls.button}`

/** Tabler's external-link icon as one path where Tabler draws three: it is on every card. */
function ExternalLinkIcon() {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={14}
      height={14}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={controls.section}
    >
      <path d="M12 6h-6a2 2 0 0 0 -2 2v10a2 2 0 0 0 2 2h10a2 2 0 0 0 2 -2v-6M11 13l9 -9M15 4h5v5" />
    </svg>
  )
}

/**
 * Generate opens the tool's generator in a new tab. An upcoming tool cannot open yet: its button
 * shows 'Coming Soon...' when pressed and goes nowhere. Styled like Mantine's Button (one on every card).
 */
export function GenerateAction({
  tool,
  size = 'sm',
  className,
}: {
  tool: Pick<ToolCard, 'id' | 'name' | 'upcoming'>
  size?: 'xs' | 'sm'
  className?: string
}) {
  const { t } = useSharedTranslation()
  const classes = className ? `${CONTROL} ${className}` : CONTROL
  if (tool.upcoming) {
    return (
      <button
        type="button"
        className={classes}
        data-size={size}
        data-variant="default"
        onClick={() => toast.info(t('catalogue.card.comingSoon'), `coming-soon-${tool.id}`)}
      >
        <span className={controls.label}>
          {t('common.generate')}
          <span className={controls.visuallyHidden}> {t('catalogue.card.generateUpcoming', { name: tool.name })}</span>
        </span>
      </button>
    )
  }
  return (
    <a
      className={classes}
      data-size={size}
      data-with-right-section
      href={generatorHref(tool.id)}
      target="_blank"
      rel="noopener"
    >
      <span className={controls.label}>
        {t('common.generate')}
        <span className={controls.visuallyHidden}> {t('catalogue.card.generateNewTab', { name: tool.name })}</span>
      </span>
      <ExternalLinkIcon />
    </a>
  )
}
