import { describe, expect, it } from 'vitest'

import { AFTER_FIRST_PAINT, afterFirstPaintScript, PRELOADS_PER_TASK } from './page-document.ts'

interface Added {
  parent: 'head' | 'body'
  tag: string
  href?: string
  src?: string
}

/** Runs the page's script loader against a stand-in document whose tasks run when the test says. */
function runLoader(scripts: { preloads: string[]; entries: string[] }, visibilityState: 'visible' | 'hidden') {
  const added: Added[][] = []
  const queue: (() => void)[] = []
  let current: Added[] = []
  type Element = { tag: string; href?: string; src?: string }
  // A fragment's children go in with it, at once.
  const parent = (name: 'head' | 'body') => ({
    appendChild: (node: Element | { fragment: Element[] }) => {
      const elements = 'fragment' in node ? node.fragment : [node]
      for (const element of elements)
        current.push({ parent: name, tag: element.tag, href: element.href, src: element.src })
    },
  })
  const document = {
    visibilityState,
    head: parent('head'),
    body: parent('body'),
    createElement: (tag: string) => ({ tag }),
    createDocumentFragment: () => {
      const fragment: Element[] = []
      return { fragment, appendChild: (element: Element) => fragment.push(element) }
    },
  }
  const schedule = (callback: () => void) => queue.push(callback)
  const loader = new Function('document', 'requestAnimationFrame', 'setTimeout', `return ${AFTER_FIRST_PAINT}`) as (
    ...args: unknown[]
  ) => (scripts: unknown) => void
  current = []
  loader(document, schedule, schedule)(scripts)
  if (current.length > 0) added.push(current)
  // Each queued callback is a task (a frame or a timer) of its own.
  while (queue.length > 0) {
    current = []
    queue.shift()?.()
    if (current.length > 0) added.push(current)
  }
  return added
}

const preloads = Array.from({ length: 61 }, (_, i) => `/assets/chunk-${i}.js`)
const entries = ['/assets/index-1.js']

describe('the page script loader', () => {
  it('adds every preload, then the entry, a few tags per task', () => {
    const tasks = runLoader({ preloads, entries }, 'visible')
    const all = tasks.flat()
    expect(all.filter((tag) => tag.tag === 'link').map((tag) => tag.href)).toEqual(preloads)
    // In <body>, where a link costs the main thread a third of one in <head>.
    expect(all.every((tag) => tag.parent === 'body')).toBe(true)
    expect(all.at(-1)).toEqual({ parent: 'body', tag: 'script', href: undefined, src: entries[0] })
    expect(all.filter((tag) => tag.tag === 'script')).toHaveLength(1)
    // No task adds more than a few preloads: a long task would block a tap meanwhile.
    for (const task of tasks)
      expect(task.filter((tag) => tag.tag === 'link').length).toBeLessThanOrEqual(PRELOADS_PER_TASK)
    expect(tasks.length).toBe(Math.ceil(preloads.length / PRELOADS_PER_TASK))
  })

  it('starts at once in a hidden tab, which paints no frame', () => {
    const tasks = runLoader({ preloads: preloads.slice(0, 3), entries }, 'hidden')
    expect(tasks[0]?.map((tag) => tag.href ?? tag.src)).toEqual([...preloads.slice(0, 3), entries[0]])
  })

  it('adds the entry alone when there is nothing to preload', () => {
    const tasks = runLoader({ preloads: [], entries }, 'visible')
    expect(tasks).toEqual([[{ parent: 'body', tag: 'script', href: undefined, src: entries[0] }]])
  })
})

describe('the script loader as sent', () => {
  it('is after-first-paint.js from its opening parenthesis, without the file’s header or last newline', () => {
    expect(AFTER_FIRST_PAINT.startsWith('(function (scripts) {\n')).toBe(true)
    expect(AFTER_FIRST_PAINT.endsWith('\n})')).toBe(true)
    expect(afterFirstPaintScript('// a header\n;(function (scripts) {})\n')).toBe('(function (scripts) {})')
    expect(() => afterFirstPaintScript('// nothing here\n')).toThrow(/script loader/)
  })
})
