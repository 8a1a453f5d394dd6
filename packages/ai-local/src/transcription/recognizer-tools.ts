import { constants } from 'node:fs'
import { access } from 'node:fs/promises'
import { delimiter, join } from 'node:path'

/**
 * Finds what the local recogniser runs on: three Debian programs and pocketsphinx's US English
 * model (`apt-get install pocketsphinx pocketsphinx-en-us lame sox`). Nothing here can be
 * installed from npm: no npm package ships a speech-recognition model.
 */

export const POCKETSPHINX_MODEL_DIR = '/usr/share/pocketsphinx/model/en-us'

export interface RecognizerTools {
  lame: string
  sox: string
  pocketsphinx: string
  model: {
    acousticModel: string
    languageModel: string
    dictionary: string
  }
}

export type RecognizerToolsLookup = { found: true; tools: RecognizerTools } | { found: false; missing: string[] }

const PROGRAMS = { lame: 'lame', sox: 'sox', pocketsphinx: 'pocketsphinx_continuous' } as const

const MODEL = {
  acousticModel: join(POCKETSPHINX_MODEL_DIR, 'en-us'),
  languageModel: join(POCKETSPHINX_MODEL_DIR, 'en-us.lm.bin'),
  dictionary: join(POCKETSPHINX_MODEL_DIR, 'cmudict-en-us.dict'),
}

/** Found tools, by PATH: a search costs a few file checks, but someone may install them later. */
const foundByPath = new Map<string, RecognizerTools>()

/** Where each program and model file is, or which are missing. Searches the given PATH. */
export async function findRecognizerTools(path = process.env.PATH ?? ''): Promise<RecognizerToolsLookup> {
  const known = foundByPath.get(path)
  if (known) return { found: true, tools: known }
  const directories = path.split(delimiter).filter((directory) => directory !== '')
  const [lame, sox, pocketsphinx] = await Promise.all([
    findProgram(PROGRAMS.lame, directories),
    findProgram(PROGRAMS.sox, directories),
    findProgram(PROGRAMS.pocketsphinx, directories),
  ])
  const modelPresent = await Promise.all(Object.values(MODEL).map((file) => exists(file, constants.R_OK)))
  const missing = [
    ...(lame ? [] : [PROGRAMS.lame]),
    ...(sox ? [] : [PROGRAMS.sox]),
    ...(pocketsphinx ? [] : [PROGRAMS.pocketsphinx]),
    ...(modelPresent.every(Boolean) ? [] : [`the pocketsphinx model in ${POCKETSPHINX_MODEL_DIR}`]),
  ]
  if (!lame || !sox || !pocketsphinx || missing.length > 0) return { found: false, missing }
  const tools: RecognizerTools = { lame, sox, pocketsphinx, model: MODEL }
  foundByPath.set(path, tools)
  return { found: true, tools }
}

async function findProgram(name: string, directories: string[]): Promise<string | null> {
  for (const directory of directories) {
    const candidate = join(directory, name)
    if (await exists(candidate, constants.X_OK)) return candidate
  }
  return null
}

async function exists(file: string, mode: number): Promise<boolean> {
  try {
    await access(file, mode)
    return true
  } catch {
    return false
  }
}
