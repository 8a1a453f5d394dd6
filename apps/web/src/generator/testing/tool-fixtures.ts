import type { GetToolOutput } from '@promptly/api/tools/get.schema'
import type { FormElementView } from '@promptly/api/tools/tool.schema'

type ToolDetail = GetToolOutput['tool']

export const TOOL_ID = '218151ba-48d6-8f2d-9029-77dd78f93fcb'

export function element(overrides: Partial<FormElementView> & Pick<FormElementView, 'type'>): FormElementView {
  return { text: `${overrides.type} field`, placeholder: '', gpt: '{value}', options: [], required: true, ...overrides }
}

/** A form with one element of every type the page renders (spec section 2), plus an unknown type. */
export const EVERY_TYPE_GROUPS: FormElementView[][] = [
  [
    element({ type: 'textarea', text: 'Who you are', placeholder: 'e.g. Product designer' }),
    element({ type: 'input', text: 'Topics', placeholder: 'e.g. UX tips' }),
  ],
  [
    element({ type: 'tone', text: 'Tone', placeholder: 'Select a tone', options: ['Friendly', 'Witty', 'Bold'] }),
    element({ type: 'switch', text: 'Emojis', options: ['Add emojis.', 'No emojis.'] }),
    element({ type: 'checkbox', text: 'Hashtags', options: ['Add hashtags.'] }),
  ],
  [
    element({ type: 'select', text: 'Platform', placeholder: 'Choose a platform', options: ['X', 'Threads'] }),
    element({ type: 'paraphrase', text: 'Text to rework', placeholder: 'Paste your text' }),
    element({ type: 'text', text: 'Audience', placeholder: 'Who reads it', required: false }),
    element({ type: 'colour-picker', text: 'Brand colour', placeholder: 'e.g. violet', required: false }),
  ],
]

export function toolDetail(overrides: Partial<ToolDetail> = {}): ToolDetail {
  return {
    id: TOOL_ID,
    name: 'X (Twitter) Bio Generator',
    accoName: 'X Bio',
    tagLine: 'Punchy bios.',
    logo: '/logos/x.svg',
    labels: ['All Tools', "Social Media Bio's"],
    groupBy: "Social Media Bio's",
    kind: 'generic',
    upcoming: false,
    isBookmarked: false,
    description: 'Turn who you are into a sharp X bio.',
    groups: [
      [
        element({ type: 'textarea', text: 'Who you are', placeholder: 'e.g. Product designer at a fintech startup' }),
        element({ type: 'input', text: 'What you post about', placeholder: 'e.g. UX tips' }),
      ],
      [
        element({ type: 'tone', text: 'Tone', placeholder: 'Select a tone', options: ['Friendly', 'Witty'] }),
        element({ type: 'switch', text: 'Emojis', placeholder: 'Emojis', options: ['Add emojis.', 'No emojis.'] }),
      ],
    ],
    faq: [
      { question: 'How long can an X bio be?', answer: 'Up to 160 characters.' },
      { question: 'Why five versions?', answer: 'To pick from.' },
    ],
    ...overrides,
  }
}

export function similarTools(count: number): GetToolOutput['similar'] {
  return Array.from({ length: count }, (_, index) => ({
    id: `00000000-0000-4000-8000-00000000000${index}`,
    name: `Similar Tool ${index}`,
    accoName: `Similar ${index}`,
    logo: '/logos/pen.svg',
  }))
}
