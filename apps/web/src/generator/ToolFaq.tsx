import { Accordion, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'

import type { ToolDetail } from '@promptly/api/tools/tool.schema'

import { HeadedSection } from '../components/HeadedSection.tsx'

/**
 * The tool's FAQ under 'Everything you need to know' (spec section 2): one answer open at a time,
 * and the open one closes again when its question is pressed.
 */
export function ToolFaq({ faq }: { faq: ToolDetail['faq'] }) {
  const { t } = useTranslation('generator')
  if (faq.length === 0) return null
  return (
    <HeadedSection id="faq" title={t('generator.faq.title')}>
      <Accordion variant="separated" radius="md" order={3}>
        {faq.map((item, index) => (
          <Accordion.Item key={index} value={String(index)}>
            <Accordion.Control>{item.question}</Accordion.Control>
            <Accordion.Panel>
              <Text style={{ whiteSpace: 'pre-line' }}>{item.answer}</Text>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </HeadedSection>
  )
}
