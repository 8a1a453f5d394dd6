import { describe, expect, it } from 'vitest'

import { resolveConfig } from './app-config.ts'
import { parseEnv } from './env.ts'
import { problemsOf } from './testing/config-problems.ts'

const SESSION_SECRET = 'x'.repeat(32)

describe('media storage configuration', () => {
  it('keeps media in <DATA_DIR>/media by default', () => {
    const config = resolveConfig(parseEnv({ DATA_DIR: '/srv/promptly', SESSION_SECRET }), '/repo')
    expect(config.media).toEqual({ kind: 'folder', dir: '/srv/promptly/media' })
  })

  it('uses an S3-compatible bucket when S3_BUCKET is set, with its endpoint, region, path style and keys', () => {
    const config = resolveConfig(
      parseEnv({
        SESSION_SECRET,
        S3_BUCKET: 'media',
        S3_ENDPOINT: 'http://minio:9000',
        S3_REGION: 'eu-west-1',
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: 'AKID',
        S3_SECRET_ACCESS_KEY: 'shh',
      }),
      '/repo',
    )
    expect(config.media).toEqual({
      kind: 's3',
      bucket: 'media',
      endpoint: 'http://minio:9000',
      region: 'eu-west-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKID', secretAccessKey: 'shh' },
    })
  })

  it("defaults the region and leaves credentials to the SDK's chain when none are given", () => {
    const config = resolveConfig(parseEnv({ SESSION_SECRET, S3_BUCKET: 'media' }), '/repo')
    expect(config.media).toMatchObject({
      kind: 's3',
      region: 'us-east-1',
      forcePathStyle: false,
      credentials: undefined,
      endpoint: undefined,
    })
  })

  it('refuses half a key pair, S3 settings without a bucket and a malformed endpoint, never echoing a secret', () => {
    const halfPair = problemsOf({ S3_BUCKET: 'media', S3_SECRET_ACCESS_KEY: 'very-secret-value' })
    expect(halfPair).toEqual([
      'S3_ACCESS_KEY_ID: S3 needs both S3_ACCESS_KEY_ID and ' +
        "S3_SECRET_ACCESS_KEY (or neither, for the SDK's own credential chain)",
    ])
    expect(halfPair.join()).not.toContain('very-secret-value')
    const problems = problemsOf({ S3_BUCKET: 'media', S3_ENDPOINT: 'minio:9000', S3_FORCE_PATH_STYLE: 'maybe' })
    expect(problems.find((line) => line.startsWith('S3_ENDPOINT:'))).toBeDefined()
    expect(problems.find((line) => line.startsWith('S3_FORCE_PATH_STYLE:'))).toBeDefined()
    expect(problemsOf({ S3_ENDPOINT: 'http://minio:9000' })).toEqual([
      'S3_BUCKET: is required when other S3_* settings are given',
    ])
  })
})
