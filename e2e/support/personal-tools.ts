import { randomUUID } from 'node:crypto'
import { expect, type Page } from '@playwright/test'

/**
 * A personal tool's form as the tool-builder saves it (tools.personal.create and update): a required
 * Topic, and a Platform chosen from `platforms`.
 */
export function captionTool(name: string, platforms: readonly string[]) {
  return {
    name,
    accoName: name.toLowerCase().replaceAll(' ', '-'),
    description: 'Writes captions.',
    tagLine: 'Captions in a click',
    labels: ['Instagram'],
    logo: '/logos/instagram.svg',
    groupBy: 'Instagram',
    groups: [
      [
        { text: 'Topic', placeholder: 'What the post is about', gpt: 'Write a caption about {value}.', type: 'input' },
        {
          text: 'Platform',
          placeholder: 'Where it is posted',
          gpt: 'It is for {value}.',
          type: 'select',
          options: platforms,
        },
      ],
    ],
    faq: [],
  }
}

/** A tRPC mutation with the page's session, as the browser sends one; answers its data. */
async function trpcMutation<T>(page: Page, procedure: string, input: unknown): Promise<T> {
  const response = await page.request.post(`/trpc/${procedure}`, { data: { json: input } })
  expect(response.ok(), `${procedure}: ${await response.text()}`).toBe(true)
  return ((await response.json()) as { result: { data: { json: T } } }).result.data.json
}

/** Builds a caption tool of the signed-in user's own (private to them); answers its id and name. */
export async function createCaptionTool(
  page: Page,
  platforms: readonly string[],
): Promise<{ id: string; name: string }> {
  const name = `Caption Maker ${randomUUID().slice(0, 8)}`
  const { id } = await trpcMutation<{ id: string }>(page, 'tools.personal.create', captionTool(name, platforms))
  return { id, name }
}

/** Saves the caption tool `id` again with another list of platforms, as its owner editing it would. */
export async function changeCaptionPlatforms(
  page: Page,
  tool: { id: string; name: string },
  platforms: readonly string[],
): Promise<void> {
  await trpcMutation(page, 'tools.personal.update', { id: tool.id, tool: captionTool(tool.name, platforms) })
}
