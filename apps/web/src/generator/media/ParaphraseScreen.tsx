import { MEDIA_LIMITS, paraphraseRequest, type ParaphraseRequest } from '@promptly/core/generation/media'
import { Button, Fieldset, Group, Paper, Stack, Text, Textarea } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMutation } from '@tanstack/react-query'
import { toast } from '../../components/toast.ts'
import { useTRPC } from '../../trpc/client.ts'
import { CopyButton } from '../CopyButton.tsx'
import { describeFailure } from '../useGeneration.ts'
import { reportFailure, validateWith, type MediaScreenProps } from './media-screen.ts'
import { MediaResultPanel } from './MediaResultPanel.tsx'
import { resultLines } from './paraphrase-lines.ts'

const FIELD_ID = 'paraphrase-text'

/** Said when the browser refuses (or lacks) clipboard reading; typing or Ctrl+V still work. */
export const PASTE_REFUSED = 'The browser did not let us read the clipboard. Paste with Ctrl+V (⌘V on a Mac) instead.'

/**
 * The paraphrase tool (spec section 2): a text area with 'Paste Text', 'Paraphrase', and the result
 * split by lines with a copy button once there is one. Validated with core's paraphraseRequest,
 * the schema the server parses with too.
 */
export default function ParaphraseScreen({ previous, onSettled }: MediaScreenProps) {
  const trpc = useTRPC()
  const form = useForm<ParaphraseRequest>({
    initialValues: { prompt: previous?.prompt ?? '' },
    validate: validateWith(paraphraseRequest),
  })
  const paraphrase = useMutation(
    trpc.generation.paraphrase.mutationOptions({
      onError: reportFailure,
      onSettled: (data) => onSettled({ creditsLeft: data?.creditsLeft ?? null }),
    }),
  )
  const busy = paraphrase.isPending
  const lines = paraphrase.data ? resultLines(paraphrase.data.text) : []

  const handleInvalid = (errors: Record<string, unknown>) => {
    const message = errors.prompt
    if (typeof message === 'string') toast.error(message, 'paraphrase-invalid')
    document.getElementById(FIELD_ID)?.focus()
  }

  const paste = async () => {
    try {
      if (typeof navigator.clipboard?.readText !== 'function') throw new Error('No clipboard reading here')
      const text = await navigator.clipboard.readText()
      form.setFieldValue('prompt', text.slice(0, MEDIA_LIMITS.paraphraseChars))
      document.getElementById(FIELD_ID)?.focus()
    } catch {
      toast.error(PASTE_REFUSED, 'paste-failed')
    }
  }

  return (
    <>
      <Paper withBorder radius="lg" p="xl" component="section" aria-label="Paraphrase form">
        <form
          noValidate
          onSubmit={form.onSubmit((values) => paraphrase.mutate(paraphraseRequest.parse(values)), handleInvalid)}
        >
          <Stack gap="md">
            <Fieldset variant="unstyled" disabled={busy} p={0} m={0}>
              <Stack gap="xs">
                <Textarea
                  id={FIELD_ID}
                  label="Text to paraphrase"
                  placeholder="Paste or type the text you want reworded"
                  rows={8}
                  resize="vertical"
                  maxLength={MEDIA_LIMITS.paraphraseChars}
                  {...form.getInputProps('prompt')}
                />
                <Group>
                  <Button variant="default" size="xs" onClick={() => void paste()}>
                    Paste Text
                  </Button>
                </Group>
              </Stack>
            </Fieldset>
            <Group>
              <Button type="submit" size="md" loading={busy}>
                Paraphrase
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      {!paraphrase.isIdle && (
        <MediaResultPanel
          title="Paraphrased text"
          resultKey={paraphrase.data?.generationId ?? null}
          announcement={busy ? 'Paraphrasing…' : paraphrase.isSuccess ? 'Your paraphrased text is ready.' : ''}
          failure={paraphrase.isError ? describeFailure(paraphrase.error) : null}
          actions={paraphrase.data && <CopyButton getText={() => lines.join('\n')} />}
        >
          {lines.length > 0 && (
            <Stack gap="xs" data-testid="paraphrase-output">
              {lines.map((line, index) => (
                <Text key={index}>{line}</Text>
              ))}
            </Stack>
          )}
          {paraphrase.isSuccess && lines.length === 0 && <Text c="dimmed">The answer came back empty. Please try again.</Text>}
        </MediaResultPanel>
      )}
    </>
  )
}
