import { Button, Fieldset, Group, Stack, Text, Textarea, TextInput } from '@mantine/core'
import IconTrash from '@tabler/icons-react/dist/esm/icons/IconTrash.mjs'
import { useTranslation } from 'react-i18next'

import { AddButton } from './AddButton.tsx'
import { fieldDomId } from './field-ids.ts'
import { emptyFaq } from './tool-draft.ts'
import { useFocusAfterRender } from './useAfterRender.ts'
import type { ToolForm } from './useToolForm.ts'

/** Question and answer pairs for the tool's 'Everything you need to know' (spec: an FAQ list). */
export function FaqEditor({ form }: { form: ToolForm }) {
  const { t } = useTranslation('admin')
  const { faq } = form.getValues()
  const focus = useFocusAfterRender()
  return (
    <Stack gap="md">
      {faq.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('builder.faq.empty')}
        </Text>
      )}
      {faq.map((_, index) => (
        // Items are only added and removed, never moved: a position is a stable enough key.
        <Fieldset key={index} legend={t('builder.faq.legend', { number: index + 1 })} variant="filled" radius="md">
          <Stack gap="sm">
            <TextInput
              id={fieldDomId(`faq.${index}.question`)}
              label={t('builder.faq.question')}
              withAsterisk
              aria-required
              maxLength={300}
              {...form.getInputProps(`faq.${index}.question`)}
            />
            <Textarea
              id={fieldDomId(`faq.${index}.answer`)}
              label={t('builder.faq.answer')}
              withAsterisk
              aria-required
              resize="vertical"
              rows={2}
              maxLength={3000}
              {...form.getInputProps(`faq.${index}.answer`)}
            />
            <Group justify="flex-end">
              <Button
                variant="subtle"
                color="red"
                size="xs"
                leftSection={<IconTrash size={14} aria-hidden />}
                onClick={() => form.removeListItem('faq', index)}
              >
                {t('builder.faq.remove', { number: index + 1 })}
              </Button>
            </Group>
          </Stack>
        </Fieldset>
      ))}
      <AddButton
        onClick={() => {
          form.insertListItem('faq', emptyFaq())
          focus(fieldDomId(`faq.${faq.length}.question`))
        }}
      >
        {t('builder.faq.add')}
      </AddButton>
    </Stack>
  )
}
