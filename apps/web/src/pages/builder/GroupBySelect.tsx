import { NativeSelect } from '@mantine/core'
import { useTranslation } from 'react-i18next'

import { fieldDomId } from './field-ids.ts'
import { labelName } from './label-options.ts'
import type { ToolForm } from './useToolForm.ts'

/** The label the tool is filed under, chosen among its own labels (spec: a GroupBy picker). */
export function GroupBySelect({ form }: { form: ToolForm }) {
  const { t } = useTranslation('admin')
  const { labels } = form.getValues()
  return (
    <NativeSelect
      id={fieldDomId('groupBy')}
      label={t('builder.groupBy.label')}
      description={t('builder.groupBy.hint')}
      withAsterisk
      aria-required
      {...form.getInputProps('groupBy')}
    >
      <option value="" disabled>
        {t('builder.groupBy.choose')}
      </option>
      {labels.map((label) => (
        <option key={label} value={label}>
          {labelName(t, label)}
        </option>
      ))}
    </NativeSelect>
  )
}
