import { NativeSelect } from '@mantine/core'

import { fieldDomId } from './field-ids.ts'
import type { ToolForm } from './useToolForm.ts'

/** The label the tool is filed under, chosen among its own labels (spec: a GroupBy picker). */
export function GroupBySelect({ form }: { form: ToolForm }) {
  const { labels } = form.getValues()
  return (
    <NativeSelect
      id={fieldDomId('groupBy')}
      label="Group by"
      description="Related tools are the ones filed under the same label"
      withAsterisk
      {...form.getInputProps('groupBy')}
    >
      <option value="" disabled>
        Choose one of the labels
      </option>
      {labels.map((label) => (
        <option key={label} value={label}>
          {label}
        </option>
      ))}
    </NativeSelect>
  )
}
