import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import type { RecognizableFormat } from './audio-format.ts'
import type { RecognizerTools } from './recognizer-tools.ts'

/**
 * Hears speech with pocketsphinx, as these shell commands would (run without a shell):
 *
 *   lame --mp3input --decode - - < upload | sox -t wav - -t raw -r 16000 -c 1 -b 16 -e signed-integer audio.raw
 *   pocketsphinx_continuous -infile audio.raw -hmm ... -lm ... -dict ... -logfn /dev/null
 *
 * A WAVE upload skips lame. pocketsphinx gets raw 16 kHz mono samples, its native input, from a
 * file: it opens its input by name, and `-infile /dev/stdin` fails when stdin is the socket Node
 * gives a child process (it only works with a shell's pipe). pocketsphinx prints one line per
 * utterance it heard. Every process is killed when the signal aborts.
 */

export class UnreadableAudioError extends Error {
  override readonly name = 'UnreadableAudioError'
}

export class RecognizerFailedError extends Error {
  override readonly name = 'RecognizerFailedError'
}

/** The utterances pocketsphinx heard, in order (none for silence). */
export async function recognizeWithPocketsphinx(
  audio: Uint8Array,
  format: RecognizableFormat,
  tools: RecognizerTools,
  signal?: AbortSignal,
): Promise<string[]> {
  signal?.throwIfAborted()
  const directory = await mkdtemp(join(tmpdir(), 'promptly-asr-'))
  try {
    const samplesFile = join(directory, 'audio.raw')
    const toRawSamples = [
      '-V1',
      '-t',
      'wav',
      '-',
      '-t',
      'raw',
      '-e',
      'signed-integer',
      '-b',
      '16',
      '-c',
      '1',
      '-r',
      '16000',
      samplesFile,
    ]
    const decoding = await runPipeline(
      [
        ...(format === 'mp3'
          ? [{ name: 'lame', command: tools.lame, args: ['--quiet', '--mp3input', '--decode', '-', '-'] }]
          : []),
        { name: 'sox', command: tools.sox, args: toRawSamples },
      ],
      audio,
      signal,
    )
    if (decoding.failure) throw new UnreadableAudioError(decoding.failure)

    const recognition = await runPipeline(
      [
        {
          name: 'pocketsphinx',
          command: tools.pocketsphinx,
          args: [
            '-infile',
            samplesFile,
            '-hmm',
            tools.model.acousticModel,
            '-lm',
            tools.model.languageModel,
            '-dict',
            tools.model.dictionary,
            '-logfn',
            '/dev/null',
          ],
        },
      ],
      null,
      signal,
    )
    if (recognition.failure) throw new RecognizerFailedError(recognition.failure)
    return recognition.output
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '')
  } finally {
    await rm(directory, { recursive: true, force: true })
  }
}

interface StageSpec {
  name: string
  command: string
  args: string[]
}

interface Stage extends StageSpec {
  process: ChildProcess
  errorOutput: string
}

/** Keeps the end of a process's error output for the failure description (a server log, never a user). */
const ERROR_OUTPUT_KEPT_CHARS = 500

/**
 * Runs the commands with each one's stdout piped into the next one's stdin, `input` written to
 * the first (or nothing), and waits for all of them. `failure` describes the first that failed.
 */
async function runPipeline(
  specs: StageSpec[],
  input: Uint8Array | null,
  signal: AbortSignal | undefined,
): Promise<{ output: string; failure: string | null }> {
  signal?.throwIfAborted()
  const stages: Stage[] = specs.map((spec, index) => {
    const child = spawn(spec.command, spec.args, {
      stdio: [index === 0 && input === null ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    })
    const stage: Stage = { ...spec, process: child, errorOutput: '' }
    child.stderr?.setEncoding('utf8')
    child.stderr?.on('data', (text: string) => {
      stage.errorOutput = (stage.errorOutput + text).slice(-ERROR_OUTPUT_KEPT_CHARS)
    })
    // A stage that dies early closes its stdin; writing then fails with EPIPE, which its exit code already reports.
    child.stdin?.on('error', () => undefined)
    return stage
  })
  stages.forEach((stage, index) => {
    const next = stages[index + 1]?.process.stdin
    if (next && stage.process.stdout) stage.process.stdout.pipe(next)
  })
  let output = ''
  const last = stages.at(-1)?.process.stdout
  last?.setEncoding('utf8')
  last?.on('data', (text: string) => {
    output += text
  })

  const killAll = () => {
    for (const stage of stages) stage.process.kill('SIGKILL')
  }
  signal?.addEventListener('abort', killAll, { once: true })
  try {
    if (input !== null) stages[0]?.process.stdin?.end(input)
    const exits = await Promise.all(stages.map((stage) => exitOf(stage.process)))
    signal?.throwIfAborted()
    const failedIndex = exits.findIndex((exit) => exit.code !== 0)
    const failed = stages[failedIndex]
    const exit = exits[failedIndex]
    const failure =
      failed && exit ? `${failed.name} exited with ${exit.code ?? exit.signal}: ${failed.errorOutput.trim()}` : null
    return { output, failure }
  } finally {
    signal?.removeEventListener('abort', killAll)
    killAll() // nothing for processes that have exited; stops the others when one failed to start
  }
}

function exitOf(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => {
    // 'error' is a failure to start (the program vanished since it was found): report it as an exit.
    child.once('error', () => resolve({ code: -1, signal: null }))
    child.once('close', (code, signal) => resolve({ code, signal }))
  })
}
