import { NativeSelect, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'

import type { ColumnMapping, FormField } from '@promptly/core/bulk/column-mapping'

interface ColumnMappingFieldsProps {
  fields: FormField[]
  header: string[]
  mapping: ColumnMapping
  onChange: (mapping: ColumnMapping) => void
}

/** One select per form field, naming the CSV column that fills it (or none, leaving its default). */
export function ColumnMappingFields({ fields, header, mapping, onChange }: ColumnMappingFieldsProps) {
  const { t } = useTranslation('generator')
  const options = [
    { value: '', label: t('bulk.create.noColumn') },
    ...header.map((name, index) => ({ value: String(index), label: name })),
  ]
  return (
    <Stack gap="xs">
      <Title order={3}>{t('bulk.create.mapping')}</Title>
      <Text size="sm" c="dimmed">
        {t('bulk.create.mappingHint')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {fields.map((field) => {
          const column = mapping[field.key]
          return (
            <NativeSelect
              key={field.key}
              label={field.label}
              withAsterisk={field.required}
              data={options}
              value={column === null || column === undefined ? '' : String(column)}
              onChange={(event) => {
                const value = event.currentTarget.value
                onChange({ ...mapping, [field.key]: value === '' ? null : Number(value) })
              }}
            />
          )
        })}
      </SimpleGrid>
    </Stack>
  )
}
