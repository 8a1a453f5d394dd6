// @vitest-environment node
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

import type { Manifest } from '../../scripts/build-manifest.ts'
import { mantineComponentStyles, stylesheetOf } from '../../scripts/mantine-component-styles.ts'
import { unstyledMantineClasses } from '../../scripts/unstyled-mantine-classes.ts'

const require = createRequire(import.meta.url)
/** node_modules/@mantine/<name>, wherever npm installed it (its main file is in cjs/). */
const packageRoot = (name: string) => dirname(dirname(require.resolve(`@mantine/${name}`)))

function classNameModules(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.module.mjs'))
    .map((file) => join(dir, file))
}

const classesIn = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((match) => match[1]!)

describe('stylesheetOf', () => {
  // A Mantine upgrade that renames or moves a stylesheet would leave its component unstyled.
  it.each(['core', 'notifications', 'charts'])(
    'finds, for every class-name module of @mantine/%s, a stylesheet defining its classes',
    (name) => {
      const modules = classNameModules(join(packageRoot(name), 'esm'))
      expect(modules.length).toBeGreaterThan(0)
      for (const module of modules) {
        const stylesheet = stylesheetOf(module)
        expect(stylesheet, module).not.toBeNull()
        expect(existsSync(stylesheet!), `${module} -> ${stylesheet}`).toBe(true)
        const defined = new Set(classesIn(readFileSync(stylesheet!, 'utf8'), /(?:\.|@keyframes\s+)(m_[0-9a-f]+)/g))
        for (const name of classesIn(readFileSync(module, 'utf8'), /"(m_[0-9a-f]+)"/g)) {
          expect(defined.has(name), `${name} of ${module} in ${stylesheet}`).toBe(true)
        }
      }
    },
  )

  it('maps Button to its own stylesheet and leaves other modules alone', () => {
    const core = packageRoot('core')
    expect(stylesheetOf(join(core, 'esm/components/Button/Button.module.mjs?v=1'))).toBe(
      join(core, 'styles/Button.css'),
    )
    expect(stylesheetOf(join(core, 'esm/components/Button/Button.mjs'))).toBeNull()
    expect(stylesheetOf('/work/app/src/home/home.module.mjs')).toBeNull()
  })
})

describe('the mantine-component-styles plugin', () => {
  it("imports a component's stylesheet from the module holding its class names", () => {
    const plugin = mantineComponentStyles()
    const transform = plugin.transform as { handler: (code: string, id: string) => { code: string } | null }
    const id = join(packageRoot('core'), 'esm/components/Button/Button.module.mjs')
    const result = transform.handler('export default {}', id)
    const specifier = /^import "([^"]+)";\n/.exec(result?.code ?? '')?.[1]
    expect(specifier).toBe('../../../styles/Button.css')
    expect(resolve(dirname(id), specifier!)).toBe(join(packageRoot('core'), 'styles/Button.css'))
    expect(transform.handler('export default {}', join(packageRoot('core'), 'esm/index.mjs'))).toBeNull()
  })
})

describe('unstyledMantineClasses', () => {
  const manifest: Manifest = {
    'src/main.tsx': { file: 'main.js', isEntry: true, imports: ['_Box.js'], css: ['main.css'] },
    '_Box.js': { file: 'Box.js', css: ['box.css'] },
    'src/page.tsx': { file: 'page.js', isDynamicEntry: true, imports: ['_Tabs.js'], dynamicImports: ['src/modal.tsx'] },
    '_Tabs.js': { file: 'Tabs.js', css: ['tabs.css'] },
    'src/modal.tsx': { file: 'modal.js', isDynamicEntry: true, css: ['modal.css'] },
  }
  const files: Record<string, string> = {
    'main.js': 'x({root:"m_aaaaaa01"})',
    'Box.js': '',
    'main.css': '.m_aaaaaa01{color:red}',
    'box.css': '@keyframes m_bbbbbb02{to{opacity:1}}',
    'Tabs.js': '',
    'tabs.css': '.m_cccccc03[data-x]{color:red}',
    'modal.js': '',
    'modal.css': '.m_dddddd04{color:red}',
  }
  const check = (page: string) => unstyledMantineClasses(manifest, (file) => ({ ...files, 'page.js': page })[file]!)

  it("accepts classes defined by the chunk's static imports or by the entry's stylesheets", () => {
    expect(check('y("m_aaaaaa01","m_bbbbbb02","m_cccccc03")')).toEqual([])
  })

  it('reports a class defined only by a chunk loaded later (a dynamic import), or nowhere', () => {
    expect(check('y("m_cccccc03","m_dddddd04","m_eeeeee05")')).toEqual([
      { chunk: 'src/page.tsx', classes: ['m_dddddd04', 'm_eeeeee05'] },
    ])
  })
})
