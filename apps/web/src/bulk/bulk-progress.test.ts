// @vitest-environment node
import { describe, expect, it } from 'vitest'

import {
  etaParts,
  jobActions,
  jobPollInterval,
  jobProgress,
  resultsUrl,
  RUNNING_POLL_MS,
  WAITING_POLL_MS,
} from './bulk-progress.ts'

const counts = { status: 'running', total: 25, done: 0, failed: 0, invalid: 0, cancelled: 0 } as const

describe('jobProgress', () => {
  it('measures done and failed rows against the rows that can run', () => {
    expect(jobProgress({ ...counts, done: 10, failed: 2, invalid: 5 })).toEqual({
      settled: 12,
      runnable: 20,
      percent: 60,
    })
  })

  it('reaches 100% when a job finishes with invalid and cancelled rows, and only then', () => {
    expect(jobProgress({ ...counts, done: 19, invalid: 3, cancelled: 2 }).percent).toBe(95)
    expect(jobProgress({ ...counts, done: 20, invalid: 3, cancelled: 2 }).percent).toBe(100)
    expect(jobProgress({ ...counts, done: 24 }).percent).toBe(96)
  })

  it('is full when nothing could run', () => {
    expect(jobProgress({ ...counts, invalid: 20, cancelled: 5 })).toEqual({ settled: 0, runnable: 0, percent: 100 })
  })
})

describe('jobPollInterval', () => {
  it('reads a running job every second, a waiting or paused one now and then, a settled or unknown one never', () => {
    expect(jobPollInterval({ status: 'running', remaining: 3 })).toBe(RUNNING_POLL_MS)
    expect(jobPollInterval({ status: 'waiting_for_credits', remaining: 3 })).toBe(WAITING_POLL_MS)
    // Rows running when the job was paused still finish: their counts must show without a reload.
    expect(jobPollInterval({ status: 'paused', remaining: 3 })).toBe(WAITING_POLL_MS)
    expect(jobPollInterval({ status: 'completed', remaining: 0 })).toBe(false)
    expect(jobPollInterval({ status: 'cancelled', remaining: 0 })).toBe(false)
    expect(jobPollInterval(undefined)).toBe(false)
  })

  it('reads a cancelled job every second while rows it had queued still settle', () => {
    expect(jobPollInterval({ status: 'cancelled', remaining: 2 })).toBe(RUNNING_POLL_MS)
  })
})

describe('jobActions', () => {
  const job = { failed: 0, toolId: 'tool' }
  it('offers what each status allows, as the server does', () => {
    expect(jobActions({ ...job, status: 'running' })).toEqual({
      pause: true,
      resume: false,
      cancel: true,
      retryFailed: false,
      runAgain: false,
    })
    expect(jobActions({ ...job, status: 'paused' })).toMatchObject({ pause: false, resume: true, cancel: true })
    expect(jobActions({ ...job, status: 'waiting_for_credits' })).toMatchObject({ pause: true, resume: true })
    expect(jobActions({ ...job, status: 'completed' })).toMatchObject({ pause: false, cancel: false, runAgain: true })
  })

  it('retries failed rows unless the job is cancelled, and runs again only while the tool exists', () => {
    expect(jobActions({ ...job, status: 'completed', failed: 2 }).retryFailed).toBe(true)
    expect(jobActions({ ...job, status: 'cancelled', failed: 2 }).retryFailed).toBe(false)
    expect(jobActions({ status: 'completed', failed: 0, toolId: null }).runAgain).toBe(false)
  })
})

describe('etaParts', () => {
  it('rounds to the largest unit that fits, and knows nothing of an unknown pace', () => {
    expect(etaParts(null)).toBeNull()
    expect(etaParts(0)).toEqual({ value: 1, unit: 'second' })
    expect(etaParts(42)).toEqual({ value: 42, unit: 'second' })
    expect(etaParts(150)).toEqual({ value: 3, unit: 'minute' })
    expect(etaParts(7_200)).toEqual({ value: 2, unit: 'hour' })
  })
})

describe('resultsUrl', () => {
  it('names the REST download of the job in the format asked for', () => {
    expect(resultsUrl('3f1c0a4e-0000-4000-8000-000000000001', 'jsonl')).toBe(
      '/api/v1/bulk/3f1c0a4e-0000-4000-8000-000000000001/results?format=jsonl',
    )
  })
})
