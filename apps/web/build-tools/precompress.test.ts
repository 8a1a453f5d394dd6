// @vitest-environment node
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { build } from 'vite'
import { afterEach, describe, expect, it } from 'vitest'

import { MIN_PRECOMPRESS_BYTES, precompress, precompressDir } from './precompress.ts'

const dirs: string[] = []
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
})
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'promptly-precompress-'))
  dirs.push(dir)
  return dir
}

/** Text long enough to be worth compressing. */
const text = (line: string) => `${line}\n`.repeat(Math.ceil((4 * MIN_PRECOMPRESS_BYTES) / (line.length + 1)))

async function writeFiles(dir: string, files: Record<string, string | Buffer>): Promise<void> {
  for (const [name, body] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true })
    await writeFile(path.join(dir, name), body)
  }
}

/** Both siblings of `file` exist and decode to its bytes. */
async function expectSiblingsOf(dir: string, file: string): Promise<void> {
  const original = await readFile(path.join(dir, file))
  const br = await readFile(path.join(dir, `${file}.br`))
  const gz = await readFile(path.join(dir, `${file}.gz`))
  expect(br.byteLength).toBeLessThan(original.byteLength)
  expect(gz.byteLength).toBeLessThan(original.byteLength)
  expect(brotliDecompressSync(br).equals(original)).toBe(true)
  expect(gunzipSync(gz).equals(original)).toBe(true)
}

describe('precompressDir', () => {
  it('writes .br and .gz beside each text file of 1 KB or more, decoding to the original', async () => {
    const dir = await tempDir()
    const texts = {
      'index.html': `<!doctype html>${text('<meta name="x" content="y">')}`,
      'assets/framework-1a2b.js': text('export const answer = () => 42'),
      'assets/index-3c4d.css': text('.card { padding: 1rem }'),
      'logos/briefcase.svg': `<svg>${text('<path d="M0 0h24v24H0z"/>')}</svg>`,
      'manifest.webmanifest': JSON.stringify({ icons: Array.from({ length: 80 }, (_, i) => ({ src: `/i${i}.png` })) }),
      'data.json': JSON.stringify(Array.from({ length: 80 }, (_, i) => ({ id: i, name: `Tool ${i}` }))),
      'robots.txt': text('Disallow: /admin'),
      'sitemap.xml': `<urlset>${text('<url><loc>/</loc></url>')}</urlset>`,
    }
    await writeFiles(dir, texts)

    const done = await precompressDir(dir)

    for (const file of Object.keys(texts)) await expectSiblingsOf(dir, file)
    expect(done.map((entry) => entry.file.split(path.sep).join('/')).sort()).toEqual(Object.keys(texts).sort())
    for (const entry of done) expect(entry.br).toBeLessThan(entry.raw)
  })

  it('leaves small files, compressed formats, dot folders and incompressible text alone', async () => {
    const dir = await tempDir()
    await writeFiles(dir, {
      'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      'color-scheme.js': 'x'.repeat(MIN_PRECOMPRESS_BYTES - 1),
      'assets/logo-1a2b.png': randomBytes(8 * MIN_PRECOMPRESS_BYTES),
      'assets/inter-3c4d.woff2': Buffer.from(text('woff2 is compressed already')),
      '.vite/manifest.json': JSON.stringify({ entries: text('"src/main.tsx"') }),
      // Random bytes compress to more than they are: a sibling would only be larger.
      'noise.txt': randomBytes(4 * MIN_PRECOMPRESS_BYTES),
    })

    expect(await precompressDir(dir)).toEqual([
      expect.objectContaining({ file: 'noise.txt', raw: 4 * MIN_PRECOMPRESS_BYTES }),
    ])
    const written = await readdir(dir, { recursive: true })
    expect(written.filter((name) => /\.(br|gz)$/.test(name))).toEqual([])
  })
})

describe('the precompress plugin in a Vite build', () => {
  it('leaves siblings of the built entry, its CSS and index.html in the output folder', async () => {
    const root = await tempDir()
    await writeFiles(root, {
      'index.html': `<!doctype html><html><head>${text('<meta name="x" content="y">')}</head>
        <body><script type="module" src="/main.js"></script></body></html>`,
      'main.js': `import './style.css'\n${text('console.warn("a line the bundle keeps")')}`,
      // Distinct rules: the minifier would fold identical ones into one.
      'style.css': Array.from({ length: 200 }, (_, i) => `.card-${i} { padding: ${i}px }`).join('\n'),
    })
    const outDir = path.join(root, 'dist')

    await build({ root, logLevel: 'silent', configFile: false, plugins: [precompress()], build: { outDir } })

    const assets = await readdir(path.join(outDir, 'assets'))
    const script = assets.find((name) => name.endsWith('.js'))
    const sheet = assets.find((name) => name.endsWith('.css'))
    if (!script || !sheet) throw new Error(`no built script or sheet among ${assets.join(', ')}`)
    for (const file of ['index.html', `assets/${script}`, `assets/${sheet}`]) await expectSiblingsOf(outDir, file)
    expect(existsSync(path.join(root, 'index.html.br'))).toBe(false)
  })
})
