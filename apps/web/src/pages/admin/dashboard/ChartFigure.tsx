import { Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core'
import { useId, type ReactNode } from 'react'

export interface ChartTable {
  columns: readonly string[]
  rows: readonly (readonly string[])[]
}

interface ChartFigureProps {
  title: string
  /** What the chart shows, in a sentence: read by everyone, and the chart's description. */
  summary: string
  /** The chart's numbers, for screen readers (the drawing itself is hidden from them). */
  table: ChartTable
  children: ReactNode
}

/**
 * A chart with a title, a summary sentence and its data as a table. A chart is a picture to a
 * screen reader: the SVG is hidden from it, and the visually hidden table carries the numbers.
 */
export function ChartFigure({ title, summary, table, children }: ChartFigureProps) {
  const titleId = useId()
  const summaryId = useId()
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="figure"
      m={0}
      aria-labelledby={titleId}
      aria-describedby={summaryId}
    >
      <Stack gap="xs">
        <Title order={2} size="h5" id={titleId}>
          {title}
        </Title>
        <Text size="sm" c="dimmed" id={summaryId} data-testid="chart-summary">
          {summary}
        </Text>
        <div aria-hidden="true">{children}</div>
        <VisuallyHidden>
          <table>
            <caption>{title}</caption>
            <thead>
              <tr>
                {table.columns.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map(([first = '', ...rest], index) => (
                <tr key={`${index}-${first}`}>
                  <th scope="row">{first}</th>
                  {rest.map((cell, index) => (
                    <td key={index}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </VisuallyHidden>
      </Stack>
    </Paper>
  )
}
