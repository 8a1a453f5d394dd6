import { useTranslation } from 'react-i18next'

import { fieldDomId } from './field-ids.ts'
import { BUILDER_LABEL_OPTIONS, labelName } from './label-options.ts'
import { LabelPicker } from './LabelPicker.tsx'
import type { ToolForm } from './useToolForm.ts'

/** The tool's labels; removing the one it is grouped by regroups it under its first label left. */
export function ToolLabelsField({ form }: { form: ToolForm }) {
  const { t } = useTranslation('admin')

  const setLabels = (labels: string[]) => {
    form.setFieldValue('labels', labels)
    if (!labels.includes(form.getValues().groupBy)) form.setFieldValue('groupBy', labels[0] ?? '')
  }

  return (
    <LabelPicker
      id={fieldDomId('labels')}
      label={t('builder.labels.label')}
      description={t('builder.labels.hint')}
      options={BUILDER_LABEL_OPTIONS}
      value={form.getValues().labels}
      onChange={setLabels}
      nameOf={(label) => labelName(t, label)}
      error={form.errors.labels}
    />
  )
}
