import { Button, Group, SimpleGrid, Stack } from '@mantine/core'
import { useForm, type FormErrors, type UseFormReturnType } from '@mantine/form'
import { memo, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

import type { GenerationValues } from '@promptly/core/generation/form-values'

import { toast } from '../components/toast.ts'
import {
  fieldPath,
  hasMissingRequiredField,
  missingRequiredFields,
  valuesToSend,
  type GeneratorFormValues,
  type ToolGroups,
} from './form-model.ts'
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
 * is valid or a run starts. Memoised: the result streaming in below renders the page again for every
 * chunk, and the form, whose props do not change meanwhile, is left as it is.
 */
export const GeneratorForm = memo(function GeneratorForm({
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
    // Uncontrolled: the fields keep their own values and a key press renders nothing. Controlled, every
    // key press and every focus rendered the whole form again, which took most of an interaction's
    // time on a slowed phone (e2e/bench/interaction-latency.bench.ts).
    mode: 'uncontrolled',
    initialValues,
    // A complaint about a field that is now filled in would otherwise stay beside the result.
    onValuesChange: (values) => {
      if (!hasMissingRequiredField(groups, values)) toast.clearValidation()
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
          <FormFields groups={groups} form={form} errors={form.errors} fieldKeys={fieldKeys(groups, form)} />
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
})

interface FormFieldsProps {
  groups: ToolGroups
  form: UseFormReturnType<GeneratorFormValues>
  /** The form's errors: the fields show theirs. */
  errors: FormErrors
  /** Every field's key (fieldKeys below): a field the form has set a value in is mounted again. */
  fieldKeys: string
}

/**
 * The fields, rendered again only when what they show changes: the errors, or a value the form set
 * (a new key). A run starting or ending, another variant count or voice renders the form around them
 * and not each field. The form object is new on every render, but the fields read their values
 * from it only when they mount, and its setters reach the same state whichever render made them.
 */
const FormFields = memo(
  function FormFields({ groups, form }: FormFieldsProps) {
    return (
      <Stack gap="lg">
        {groups.map((elements, group) => (
          <SimpleGrid
            key={group}
            cols={{ base: 1, sm: Math.min(elements.length, 2) }}
            spacing="md"
            verticalSpacing="md"
          >
            {elements.map((element, index) => (
              <FormElementField key={`${group}-${index}`} element={element} group={group} index={index} form={form} />
            ))}
          </SimpleGrid>
        ))}
      </Stack>
    )
  },
  (before, after) =>
    before.groups === after.groups && sameErrors(before.errors, after.errors) && before.fieldKeys === after.fieldKeys,
)

/** The same messages on the same fields: every submit validates, and sets a new (often empty) record. */
function sameErrors(before: FormErrors, after: FormErrors): boolean {
  const paths = Object.keys(before)
  return paths.length === Object.keys(after).length && paths.every((path) => before[path] === after[path])
}

function fieldKeys(groups: ToolGroups, form: UseFormReturnType<GeneratorFormValues>): string {
  return groups.flatMap((elements, group) => elements.map((_, index) => form.key(fieldPath(group, index)))).join(' ')
}
