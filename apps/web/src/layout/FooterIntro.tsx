import { Anchor, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'

import { LanguagePicker } from '../i18n/LanguagePicker.tsx'
import { Brand } from './Brand.tsx'
import classes from './layout.module.css'
import { useSiteDetails } from './site.ts'
import { splitTaggedText } from './tagged-text.ts'

/** The footer's first column: the logo with the name, the language picker, the tagline and the maker's credit. */
export function FooterIntro() {
  const { t } = useTranslation()
  const site = useSiteDetails()
  const credit = splitTaggedText(t('layout.footer.madeBy'), 'maker')
  return (
    <Stack gap="sm">
      <Brand />
      {/* The header has the same picker: on small screens the footer leaves it out. */}
      <LanguagePicker className={classes.footerLanguage} />
      <Text size="sm" c="dimmed">
        {t('layout.footer.tagline')}
      </Text>
      <Text size="sm" c="dimmed">
        {credit.before}
        {/* Underlined: in some languages the link sits inside the sentence, where colour alone would
            not tell it apart. Without MAKER_URL the credit names the maker without a link to an
            invented site. */}
        {site.makerUrl ? (
          <Anchor href={site.makerUrl} target="_blank" rel="noopener noreferrer" size="sm" underline="always">
            {credit.inside}
          </Anchor>
        ) : (
          <span>{credit.inside}</span>
        )}
        {credit.after}
      </Text>
    </Stack>
  )
}
