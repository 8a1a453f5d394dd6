import { Group, Radio, SimpleGrid, Stack, TextInput } from '@mantine/core'
import { useTranslation } from 'react-i18next'

import { isToolIcon, TOOL_ICONS } from '@promptly/core/catalogue/tool-icons'

import { ToolLogo } from '../../catalogue/ToolLogo.tsx'
import classes from './builder.module.css'
import { fieldDomId } from './field-ids.ts'
import type { ToolForm } from './useToolForm.ts'

/** "/logos/youtube.svg" -> "youtube": the icon's name for its radio button. */
function iconName(path: string): string {
  return path.replace(/^.*\//, '').replace(/\.svg$/, '')
}

/**
 * The logo: one of the listed icons (spec: a fixed icon list), or an image URL typed in the field
 * below. Choosing an icon empties the field; typing a URL leaves no icon chosen.
 */
export function LogoPicker({ form }: { form: ToolForm }) {
  const { t } = useTranslation('admin')
  const logo = form.getValues().logo
  const icon = isToolIcon(logo) ? logo : ''
  const { error } = form.getInputProps('logo')
  return (
    <Stack gap="sm">
      <Radio.Group
        label={t('builder.logo.label')}
        description={t('builder.logo.hint')}
        value={icon}
        onChange={(value) => form.setFieldValue('logo', value)}
      >
        <SimpleGrid cols={{ base: 2, xs: 3, sm: 4 }} spacing="xs" mt="xs">
          {TOOL_ICONS.map((path) => (
            <Radio
              key={path}
              value={path}
              label={
                <span className={classes.iconChoice}>
                  <img src={path} alt="" width={22} height={22} />
                  {iconName(path)}
                </span>
              }
            />
          ))}
        </SimpleGrid>
      </Radio.Group>
      <Group align="flex-end" wrap="nowrap" gap="sm">
        <TextInput
          id={fieldDomId('logo')}
          label={t('builder.logo.url')}
          placeholder={t('builder.logo.urlPlaceholder')}
          style={{ flex: 1 }}
          value={icon ? '' : logo}
          error={error}
          onChange={(event) => form.setFieldValue('logo', event.currentTarget.value)}
        />
        <ToolLogo key={logo} src={logo} size={40} />
      </Group>
    </Stack>
  )
}
