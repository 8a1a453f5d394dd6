import { Stack, Text } from '@mantine/core'

interface ResultLinesProps {
  lines: readonly string[]
  testId: string
  /** The request succeeded: with no lines, `emptyMessage` says so. */
  done: boolean
  emptyMessage: string
}

/** A text result (paraphrase, transcript), one paragraph per line. */
export function ResultLines({ lines, testId, done, emptyMessage }: ResultLinesProps) {
  if (lines.length === 0) return done ? <Text c="dimmed">{emptyMessage}</Text> : null
  return (
    <Stack gap="xs" data-testid={testId}>
      {lines.map((line, index) => (
        <Text key={index}>{line}</Text>
      ))}
    </Stack>
  )
}
