import { Button, Group, SimpleGrid, Stack } from '@mantine/core'
import { useForm } from '@mantine/form'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

import type { GenerationValues } from '@promptly/core/generation/form-values'

import { toast } from '../components/toast.ts'
import { missingRequiredFields, valuesToSend, type GeneratorFormValues, type ToolGroups } from './form-model.ts'
import { fieldId, FormElementField } from './FormElementField.tsx'
import { FormFieldset, SubmitButton } from './HydratedFormControls.tsx'

interface GeneratorFormProps {
  groups: ToolGroups
  initialValues: GeneratorFormValues
  /** A generation is running: fields and Generate are disabled, Stop shows. */
  busy: boolean
  /** Generate, or Regenerate after the first success (spec section 2). */
  submitLabel: string
  onGenerate: (groups: GenerationValues) => void
  onStop: () => void
  /** Options of the run itself (variants, brand voice), shown after the fields, before Generate. */
  runOptions?: ReactNode
}

/**
 * The tool's form, built from its groups with @mantine/form. Submitting checks the spec's required
 * rule first: the first missing field's '{placeholder} is required' is toasted (and shown under each
 * missing field), that field gets the focus, and nothing is sent. That toast goes as soon as the form
 * is valid or a run starts.
 */
export function GeneratorForm({
  groups,
  initialValues,
  busy,
  submitLabel,
  onGenerate,
  onStop,
  runOptions,
}: GeneratorFormProps) {
  const { t } = useTranslation('generator')
  const form = useForm<GeneratorFormValues>({
    initialValues,
    // A complaint about a field that is now filled in would otherwise stay beside the result.
    onValuesChange: (values) => {
      if (missingRequiredFields(groups, values, t).length === 0) toast.clearValidation()
    },
    validate: (values) =>
      Object.fromEntries(missingRequiredFields(groups, values, t).map((error) => [error.path, error.message])),
  })

  const handleInvalid = () => {
    const [first] = missingRequiredFields(groups, form.getValues(), t)
    if (!first) return
    toast.validation(first.message, `required-${first.path}`)
    const [, group, index] = first.path.split('.')
    document.getElementById(fieldId(Number(group), Number(index)))?.focus()
  }

  const generate = (values: GeneratorFormValues) => {
    toast.clearValidation()
    onGenerate(valuesToSend(values))
  }

  return (
    <form noValidate onSubmit={form.onSubmit(generate, handleInvalid)}>
      <Stack gap="lg">
        {/* A disabled fieldset disables every control inside while a generation runs. */}
        <FormFieldset busy={busy}>
          <Stack gap="lg">
            {groups.map((elements, group) => (
              <SimpleGrid
                key={group}
                cols={{ base: 1, sm: Math.min(elements.length, 2) }}
                spacing="md"
                verticalSpacing="md"
              >
                {elements.map((element, index) => (
                  <FormElementField
                    key={`${group}-${index}`}
                    element={element}
                    group={group}
                    index={index}
                    form={form}
                  />
                ))}
              </SimpleGrid>
            ))}
          </Stack>
        </FormFieldset>
        {runOptions}
        <Group>
          <SubmitButton busy={busy}>{submitLabel}</SubmitButton>
          {busy && (
            <Button variant="default" size="md" onClick={onStop}>
              {t('generator.form.stop')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  )
}
