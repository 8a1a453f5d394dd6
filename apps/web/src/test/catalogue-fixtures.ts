import type { ToolCard } from '@promptly/api/tools/tool.schema'

let counter = 0

/** A catalogue card with sensible defaults and a unique UUID-shaped id. */
export function toolCard(overrides: Partial<ToolCard> = {}): ToolCard {
  counter += 1
  const n = String(counter).padStart(12, '0')
  const name = overrides.name ?? `Tool ${counter}`
  return {
    id: `00000000-0000-4000-8000-${n}`,
    name,
    accoName: name,
    tagLine: `${name} writes things for you.`,
    logo: '/logos/pen.svg',
    labels: ['All Tools'],
    groupBy: 'All Tools',
    kind: 'generic',
    upcoming: false,
    isBookmarked: false,
    ...overrides,
  }
}

export const LOCAL_CONFIG = { identity: 'local', clerkPublishableKey: null, localModel: true }
