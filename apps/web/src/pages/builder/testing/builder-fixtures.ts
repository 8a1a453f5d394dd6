import type { BuiltToolView } from '@promptly/api/tool-builder/tool-builder.schema'

import { LOCAL_CONFIG } from '../../../test/catalogue-fixtures.ts'
import { ADA } from '../../../test/render.tsx'
import { emptyDraft, emptyElement, type ElementDraft, type ToolDraft } from '../tool-draft.ts'

export const SAVED_ID = '0b0c6a3e-8a51-4d8e-9d5e-3d8f1c2b7a10'
export const ADMIN = { ...ADA, role: 'admin' as const, isAdmin: true }

/** A saved generic tool as admin.tools.get / tools.personal.get answer it. */
export function savedTool(overrides: Partial<BuiltToolView> = {}): BuiltToolView {
  return {
    id: SAVED_ID,
    name: 'Caption Writer',
    accoName: 'caption-writer',
    tagLine: 'Captions in a click',
    description: 'Writes captions for your posts.',
    logo: '/logos/instagram.svg',
    labels: ['All Tools', 'Instagram'],
    groupBy: 'Instagram',
    kind: 'generic',
    upcoming: false,
    groups: [
      [
        { text: 'Topic', placeholder: 'Your topic', gpt: 'About {value}.', type: 'text', options: [], required: true },
        { text: 'Mood', placeholder: '', gpt: '', type: 'tone', options: ['Fun', 'Calm'], required: false },
      ],
    ],
    faq: [{ question: 'Is it free?', answer: 'It costs a credit.' }],
    published: true,
    ownerId: 'u_admin',
    ...overrides,
  }
}

/** What every page of the app asks for, signed in as `user`. */
export function signedInAs(user: typeof ADA) {
  return {
    'system.config': LOCAL_CONFIG,
    'auth.me': user,
    'credits.limits': { plan: 'free', current_limit: 30, max_limit: 30 },
  }
}

/** A draft the API's schema accepts, its one group holding elements with these fields. */
export function completeDraft(elements: Partial<ElementDraft>[] = [{ text: 'Topic' }]): ToolDraft {
  return {
    ...emptyDraft(),
    name: 'Caption Writer',
    accoName: 'caption-writer',
    description: 'Writes captions.',
    tagLine: 'Captions in a click',
    labels: ['All Tools', 'Instagram'],
    groupBy: 'Instagram',
    groups: [{ key: 'group', elements: elements.map((fields) => ({ ...emptyElement(), ...fields })) }],
  }
}
