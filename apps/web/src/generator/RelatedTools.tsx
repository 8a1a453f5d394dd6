import { Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core'
import { useTranslation } from 'react-i18next'

import type { SimilarTool } from '@promptly/api/tools/tool.schema'

import { ToolLogo } from '../catalogue/ToolLogo.tsx'
import { HeadedSection } from '../components/HeadedSection.tsx'

/** Spec section 9: at most 5 related tools. */
export const RELATED_TOOLS_LIMIT = 5

/** 'Related Tools': up to 5 logo links, each opening that tool's generator in a new tab. */
export function RelatedTools({ tools }: { tools: readonly SimilarTool[] }) {
  const { t } = useTranslation('generator')
  if (tools.length === 0) return null
  return (
    <HeadedSection id="related" title={t('generator.related.title')}>
      <Group gap="lg" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} align="flex-start">
        {tools.slice(0, RELATED_TOOLS_LIMIT).map((tool) => (
          <li key={tool.id}>
            <UnstyledButton
              component="a"
              href={`/generate?id=${encodeURIComponent(tool.id)}`}
              target="_blank"
              rel="noopener"
              title={tool.name}
              style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 6, width: 88 }}
            >
              <ToolLogo src={tool.logo} name={tool.name} size={56} />
              <Text size="xs" ta="center" lineClamp={2} aria-hidden="true">
                {tool.accoName}
              </Text>
              <VisuallyHidden>{t('generator.related.opensInNewTab', { name: tool.name })}</VisuallyHidden>
            </UnstyledButton>
          </li>
        ))}
      </Group>
    </HeadedSection>
  )
}
