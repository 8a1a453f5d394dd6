import { Stack, Table, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'

import type { PreviewRow } from './bulk-upload-model.ts'

/** The first rows of the file as they will run, each with its check: ready, or invalid and why. */
export function UploadPreview({ header, rows }: { header: string[]; rows: PreviewRow[] }) {
  const { t } = useTranslation('generator')
  return (
    <Stack gap="xs">
      <Title order={3} id="bulk-preview-title">
        {t('bulk.create.preview')}
      </Title>
      <Table.ScrollContainer minWidth={480}>
        <Table aria-labelledby="bulk-preview-title" data-testid="bulk-preview">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('bulk.create.row')}</Table.Th>
              {header.map((name, index) => (
                <Table.Th scope="col" key={index}>
                  {name}
                </Table.Th>
              ))}
              <Table.Th scope="col">{t('bulk.create.check')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.position} data-invalid={row.check.ok ? undefined : true}>
                <Table.Th scope="row">{row.position + 1}</Table.Th>
                {row.cells.map((cell, index) => (
                  <Table.Td key={index}>
                    <Text size="sm" lineClamp={2}>
                      {cell}
                    </Text>
                  </Table.Td>
                ))}
                <Table.Td>
                  {row.check.ok ? (
                    <Text size="sm">{t('bulk.create.ok')}</Text>
                  ) : (
                    <Text size="sm" c="red">
                      {t('bulk.create.invalid', { reason: row.check.message })}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  )
}
