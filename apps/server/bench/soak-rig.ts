import { fork, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import path from 'node:path'

import type { Origin } from '../src/testing/process-client.ts'
import type { ProxyTiming } from './soak-proxy-timing.ts'

/** Messages from the soak to its rig process. */
export type ToRig = { type: 'proxy'; upstreams: string[] } | { type: 'counts' } | { type: 'close' }

/** Messages from the rig process to the soak. */
export type FromRig =
  | { type: 'provider'; env: Record<string, string> }
  | { type: 'proxy'; url: string }
  | {
      type: 'counts'
      forwarded: number[]
      proxyFailures: number
      providerCalls: Record<string, number>
      proxyTimings: ProxyTiming[]
    }
  | { type: 'failed'; message: string }

export interface RigCounts {
  /** Requests the proxy passed to each instance, in the order given. */
  forwarded: number[]
  /** Requests the proxy answered 502 (the instance failed before its answer began). */
  proxyFailures: number
  /** Requests the fake provider answered, by endpoint. */
  providerCalls: Record<string, number>
  /**
   * Every answer of a timed kind the proxy passed, warm-up included, as the proxy timed it: the
   * server's side of each latency, without the load generator's own pauses.
   */
  proxyTimings: ProxyTiming[]
}

/**
 * The parts of the soak that answer rather than ask, the fake provider, the media bucket, the mail
 * catcher and the round-robin proxy, in a process of their own: in the load generator's process, a
 * pause of theirs (an image's megabytes passing through, a collection) delays the answers the load
 * generator is timing, and shows as the server's latency. Started in two steps, as the cluster needs
 * the provider and the proxy the cluster.
 */
export interface SoakRig {
  /**
   * Env for the instances: the provider as their OpenAI-compatible server, the bucket as their S3,
   * the catcher as their SMTP server (in place of the cluster's own, which stay idle).
   */
  providerEnv: Record<string, string>
  /** Starts the proxy in front of `upstreams`; resolves with what the callers call. */
  startProxy(upstreams: readonly Origin[]): Promise<Origin>
  counts(): Promise<RigCounts>
  close(): Promise<void>
}

const RIG_ENTRY = path.join(import.meta.dirname, 'soak-rig-process.ts')

export async function startSoakRig(): Promise<SoakRig> {
  const child = fork(RIG_ENTRY, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  const ask = async <T extends FromRig['type']>(message: ToRig | null, answer: T) => {
    const reply = nextMessage(child)
    if (message) child.send(message)
    const received = await reply
    if (received.type === 'failed') throw new Error(`soak rig: ${received.message}`)
    if (received.type !== answer) throw new Error(`soak rig: expected ${answer}, got ${received.type}`)
    return received as Extract<FromRig, { type: T }>
  }
  try {
    const { env } = await ask(null, 'provider')
    return {
      providerEnv: env,
      startProxy: async (upstreams) => ({
        url: (await ask({ type: 'proxy', upstreams: upstreams.map((upstream) => upstream.url) }, 'proxy')).url,
      }),
      counts: async () => {
        const { forwarded, proxyFailures, providerCalls, proxyTimings } = await ask({ type: 'counts' }, 'counts')
        return { forwarded, proxyFailures, providerCalls, proxyTimings }
      },
      close: () => stop(child),
    }
  } catch (error) {
    await stop(child)
    throw error
  }
}

/** The child's next message, or a rejection if it exits first. */
function nextMessage(child: ChildProcess): Promise<FromRig> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: FromRig) => {
      child.off('exit', onExit)
      resolve(message)
    }
    const onExit = (code: number | null) => {
      child.off('message', onMessage)
      reject(new Error(`soak rig: the process exited (${code ?? 'signal'})`))
    }
    child.once('message', onMessage)
    child.once('exit', onExit)
  })
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = once(child, 'exit')
  if (child.connected) child.send({ type: 'close' } satisfies ToRig)
  else child.kill('SIGTERM')
  await exited
}
