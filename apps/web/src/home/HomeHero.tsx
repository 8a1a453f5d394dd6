import { Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'

import { SearchForm } from './SearchForm.tsx'

/**
 * Stands for the brand in the hero's title, which each language places where its grammar wants:
 * the text around it is split there and the brand drawn in its gradient (react-i18next's <Trans>
 * would do it too, at 5 kB of the home page's JavaScript).
 */
const BRAND_MARK = '\u2063'

/** The home page's hero: its title with the brand, the lead, and the search form. */
export function HomeHero({ onSearch }: { onSearch: (text: string) => void }) {
  const { t } = useTranslation()
  const [titleBefore, titleAfter] = t('home.hero.title', { brand: BRAND_MARK }).split(BRAND_MARK)
  return (
    <Stack align="center" ta="center" gap="lg">
      <Title order={1} fz={{ base: 34, sm: 52 }} lh={1.1} maw={820}>
        {titleBefore}
        <Text span inherit variant="gradient" gradient={{ from: 'violet.6', to: 'grape.5', deg: 90 }}>
          Promptly
        </Text>
        {titleAfter}
      </Title>
      <Text size="xl" c="dimmed" maw={680}>
        {t('home.hero.lead')}
      </Text>
      <Stack w="100%" maw={640} mt="sm">
        <SearchForm
          label={t('home.search.label')}
          placeholder={t('home.search.placeholder')}
          buttonText={t('home.search.button')}
          size="lg"
          onSearch={onSearch}
        />
      </Stack>
    </Stack>
  )
}
