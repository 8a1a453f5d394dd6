import {
  Checkbox,
  Group,
  NativeSelect,
  Radio,
  Stack,
  Switch,
  Textarea,
  TextInput,
  type TextareaProps,
} from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { useTranslation } from 'react-i18next'

import type { FormElementView } from '@promptly/api/tools/tool.schema'
import { renderedElementType } from '@promptly/core/catalogue/form-element-types'
import { MAX_VALUE_LENGTH } from '@promptly/core/generation/form-value-rules'

import { fieldPath, type GeneratorFormValues } from './form-model.ts'
import { PasteTextButton } from './PasteTextButton.tsx'

interface FormElementFieldProps {
  element: FormElementView
  group: number
  index: number
  form: UseFormReturnType<GeneratorFormValues>
}

/** The DOM id of an element's input, so a failed submit can focus the first missing field. */
export function fieldId(group: number, index: number): string {
  return `generator-field-${group}-${index}`
}

/**
 * One element of a tool's form, by its type (spec section 2): switch, checkbox, tone, select,
 * textarea, paraphrase, and a text input for anything else. Required text-like fields carry an
 * asterisk; switches, checkboxes and tones always have a value.
 */
export function FormElementField({ element, group, index, form }: FormElementFieldProps) {
  const { t } = useTranslation('generator')
  const path = fieldPath(group, index)
  const id = fieldId(group, index)
  const type = renderedElementType(element.type)
  const label = element.text
  const placeholder = element.placeholder || undefined
  const required = requiredProps(element.required)
  // The form is uncontrolled: a field shows the form's value when it mounts, and is mounted again
  // under a new key when the form sets its value (the paraphrase field's Paste Text).
  const key = form.key(path)
  // What every text-like field shares: its names, the required mark, the value's limit and the binding.
  const textField = () => ({
    id,
    label,
    placeholder,
    ...required,
    maxLength: MAX_VALUE_LENGTH,
    ...form.getInputProps(path),
  })

  switch (type) {
    case 'switch':
      return <SwitchField key={key} id={id} element={element} path={path} form={form} />
    case 'checkbox':
      return (
        <Checkbox
          key={key}
          id={id}
          label={label}
          description={element.options[0]}
          {...form.getInputProps(path, { type: 'checkbox' })}
        />
      )
    case 'tone':
      return (
        <Radio.Group key={key} id={id} label={label} description={placeholder} {...form.getInputProps(path)}>
          <Group gap="md" mt="xs">
            {element.options.map((option) => (
              <Radio key={option} value={option} label={option} />
            ))}
          </Group>
        </Radio.Group>
      )
    case 'select':
      return (
        <NativeSelect key={key} id={id} label={label} {...required} {...form.getInputProps(path)}>
          <option value="" disabled>
            {placeholder ?? t('generator.form.chooseOption')}
          </option>
          {element.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </NativeSelect>
      )
    case 'textarea':
      return <Textarea key={key} {...textField()} rows={4} resize="vertical" />
    case 'paraphrase':
      return (
        <ParaphraseField
          key={key}
          {...textField()}
          onPasteText={(text) => form.setFieldValue(path, text.slice(0, MAX_VALUE_LENGTH))}
        />
      )
    default:
      return <TextInput key={key} {...textField()} />
  }
}

interface SwitchFieldProps {
  id: string
  element: FormElementView
  path: ReturnType<typeof fieldPath>
  form: UseFormReturnType<GeneratorFormValues>
}

/**
 * A switch described by the option the prompt gets: the first when on, the second when off. It
 * watches its own value, so turning it over renders the switch alone, not the form.
 */
function SwitchField({ id, element, path, form }: SwitchFieldProps) {
  const on = form.useWatchValue(path) !== false
  return (
    <Switch
      id={id}
      label={element.text}
      // The label wraps the description too; the switch's name is its label alone.
      aria-label={element.text}
      description={element.options[on ? 0 : 1]}
      {...form.getInputProps(path, { type: 'checkbox' })}
    />
  )
}

/**
 * How a required field says so: the asterisk for the eye (hidden from screen readers) and
 * aria-required for a screen reader. Not the `required` attribute: the form's own check toasts
 * '{placeholder} is required' (GeneratorForm), and the browser's bubble must never stand in for it.
 */
function requiredProps(required: boolean): { withAsterisk: boolean; 'aria-required'?: true } {
  return required ? { withAsterisk: true, 'aria-required': true } : { withAsterisk: false }
}

/** A large text area for text to rework, with 'Paste Text' (reads the clipboard, as the paraphrase tool does). */
function ParaphraseField({ onPasteText, ...field }: TextareaProps & { onPasteText: (text: string) => void }) {
  const { t } = useTranslation('generator')
  return (
    <Stack gap={6}>
      <Textarea {...field} rows={8} resize="vertical" />
      <PasteTextButton refusedMessage={t('generator.form.pasteRefused')} onPaste={onPasteText} />
    </Stack>
  )
}
