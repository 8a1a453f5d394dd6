import { Group, Stack, Title } from '@mantine/core'
import { useId, type FormEvent, type FormEventHandler, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

import { SectionCard } from '../../components/SectionCard.tsx'
import { toast } from '../../components/toast.ts'
import { useSignInToAct } from '../../navigation/useSignInToAct.ts'
import { FormFieldset, SubmitButton } from '../HydratedFormControls.tsx'

interface DedicatedToolFormProps {
  /** The form section's name: read out by screen readers, or shown as its heading with `showHeading`. */
  name: string
  showHeading?: boolean
  onSubmit: FormEventHandler<HTMLFormElement>
  /** The tool's request (a mutation): while it runs, the fields are disabled and the submit button spins. */
  request: { isPending: boolean; isIdle: boolean }
  submitLabel: string
  /** False for the one tool signed-out visitors may use (transcription); the others send them to sign in. */
  needsSignIn?: boolean
  /** Beside the submit button (the image tool's price), and the id of what describes the button. */
  besideSubmit?: ReactNode
  submitDescribedBy?: string
  /** The fields. */
  children: ReactNode
  /** Below the form: the result panel, shown once the tool was asked. */
  result: ReactNode
  /** In the form's section, after the form: the way to a bulk run, for the tools that run in bulk. */
  afterForm?: ReactNode
  /**
   * What the form validates with, fetched on demand (mediaRequestsReady, media-requests.ts): asked
   * for when the form is first touched, and awaited before `onSubmit` runs.
   */
  checksReady?: () => Promise<unknown>
}

/**
 * The frame every dedicated tool (paraphrase, image, text to audio, transcription) shares: a named
 * form section whose fields are disabled while a request runs, one submit button, and the result below.
 * A screen that validates with the request schemas (media-requests.ts) names them in `checksReady`:
 * fetched when the form is first touched, a submit waits for them before the screen's handler runs.
 */
export function DedicatedToolForm(props: DedicatedToolFormProps) {
  const {
    name,
    showHeading = false,
    onSubmit,
    request,
    submitLabel,
    besideSubmit,
    submitDescribedBy,
    checksReady,
  } = props
  const busy = request.isPending
  const signInToAct = useSignInToAct()
  const { t } = useTranslation('generator')
  const prefetchChecks = () => void checksReady?.().catch(() => undefined)
  // The form's handler reads the event when it runs (Mantine's form prevents the default again then).
  const validateAndSend = (event: FormEvent<HTMLFormElement>) => {
    if (!checksReady) return onSubmit(event)
    checksReady().then(
      () => onSubmit(event),
      () => toast.error(t('generator.failure.generic'), 'dedicated-tool-checks-unavailable'),
    )
  }
  // Everyone may see the tool; using it asks to sign in first, except transcription (spec section 5).
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (props.needsSignIn === false) validateAndSend(event)
    else signInToAct(() => validateAndSend(event))
  }
  const headingId = useId()
  return (
    <>
      <SectionCard {...(showHeading ? { 'aria-labelledby': headingId } : { 'aria-label': name })}>
        <form noValidate onSubmit={submit} onFocus={prefetchChecks} onPointerDown={prefetchChecks}>
          <Stack gap="lg">
            {showHeading && (
              <Title order={2} size="h3" id={headingId}>
                {name}
              </Title>
            )}
            {/* A disabled fieldset disables every control inside while a request runs. */}
            <FormFieldset busy={busy}>{props.children}</FormFieldset>
            <Group gap="md">
              <SubmitButton busy={busy} aria-describedby={submitDescribedBy}>
                {submitLabel}
              </SubmitButton>
              {besideSubmit}
            </Group>
          </Stack>
        </form>
        {props.afterForm}
      </SectionCard>
      {!request.isIdle && props.result}
    </>
  )
}
