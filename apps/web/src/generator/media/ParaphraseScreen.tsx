import { Stack } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { useMutation } from '@tanstack/react-query'

import { MEDIA_LIMITS, paraphraseRequest, type ParaphraseRequest } from '@promptly/core/generation/media'

import { toast } from '../../components/toast.ts'
import { useTRPC } from '../../trpc/client.ts'
import { PasteTextButton } from '../PasteTextButton.tsx'
import { describeFailure } from '../useGeneration.ts'
import { DedicatedToolForm } from './DedicatedToolForm.tsx'
import { settledCallbacks, type MediaScreenProps } from './media-screen.ts'
import { MEDIA_TEXT_FIELDS } from './media-text-fields.ts'
import { MediaTextField } from './MediaTextField.tsx'
import { TextResultPanel, type TextResultTexts } from './TextResultPanel.tsx'

const FIELD_ID = MEDIA_TEXT_FIELDS.paraphrase.id

/** Said when the browser refuses (or lacks) clipboard reading; typing or Ctrl+V still work. */
export const PASTE_REFUSED = 'The browser did not let us read the clipboard. Paste with Ctrl+V (⌘V on a Mac) instead.'

const RESULT_TEXTS: TextResultTexts = {
  title: 'Paraphrased text',
  busy: 'Paraphrasing…',
  ready: 'Your paraphrased text is ready.',
  empty: 'The answer came back empty. Please try again.',
  testId: 'paraphrase-output',
}

/**
 * The paraphrase tool (spec section 2): a text area with 'Paste Text', 'Paraphrase', and the result
 * split by lines with a copy button once there is one. Validated with core's paraphraseRequest,
 * the schema the server parses with too.
 */
export default function ParaphraseScreen({ previous, onSettled }: MediaScreenProps) {
  const trpc = useTRPC()
  const form = useForm<ParaphraseRequest>({
    initialValues: { prompt: previous?.prompt ?? '' },
    validate: schemaResolver(paraphraseRequest, { sync: true }),
  })
  const paraphrase = useMutation(trpc.generation.paraphrase.mutationOptions(settledCallbacks(onSettled)))

  const handleInvalid = (errors: Record<string, unknown>) => {
    const message = errors.prompt
    if (typeof message === 'string') toast.error(message, 'paraphrase-invalid')
    document.getElementById(FIELD_ID)?.focus()
  }

  return (
    <DedicatedToolForm
      name="Paraphrase form"
      onSubmit={form.onSubmit((values) => paraphrase.mutate(paraphraseRequest.parse(values)), handleInvalid)}
      request={paraphrase}
      submitLabel="Paraphrase"
      result={<TextResultPanel request={paraphrase} describe={describeFailure} texts={RESULT_TEXTS} />}
    >
      <Stack gap="xs">
        <MediaTextField field={MEDIA_TEXT_FIELDS.paraphrase} {...form.getInputProps('prompt')} />
        <PasteTextButton
          refusedMessage={PASTE_REFUSED}
          onPaste={(text) => {
            form.setFieldValue('prompt', text.slice(0, MEDIA_LIMITS.paraphraseChars))
            document.getElementById(FIELD_ID)?.focus()
          }}
        />
      </Stack>
    </DedicatedToolForm>
  )
}
