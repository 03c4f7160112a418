import { describe, expect, it } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { CONFIG_VARIABLES, ConfigError, loadConfig } from './config'

describe('loadConfig', () => {
  it('gives the embedded defaults for an empty environment', () => {
    const c = loadConfig({})
    expect(c).toMatchObject({
      port: 3000,
      dataDir: './data',
      publicUrl: 'http://localhost:3000',
      storage: { kind: 'fs' },
      adminUsername: 'admin',
      siteBrands: {},
    })
    expect(c.smtpUrl).toBeUndefined()
  })

  it('logs every request by default and a share of the fast 2xx ones with LOG_REQUESTS=sampled, refusing rates outside 0 to 1', () => {
    expect(loadConfig({}).requestLogSampleRate).toBe(1)
    expect(loadConfig({ LOG_REQUEST_SAMPLE_RATE: '0.5' }).requestLogSampleRate).toBe(1)
    expect(loadConfig({ LOG_REQUESTS: 'sampled' }).requestLogSampleRate).toBe(0.01)
    expect(loadConfig({ LOG_REQUESTS: 'sampled', LOG_REQUEST_SAMPLE_RATE: '0.25' }).requestLogSampleRate).toBe(0.25)
    expect(loadConfig({ LOG_REQUESTS: 'sampled', LOG_REQUEST_SAMPLE_RATE: '0' }).requestLogSampleRate).toBe(0)
    expect(() => loadConfig({ LOG_REQUESTS: 'some' })).toThrow(new ConfigError('LOG_REQUESTS: must be all or sampled'))
    expect(() => loadConfig({ LOG_REQUESTS: 'sampled', LOG_REQUEST_SAMPLE_RATE: '1.5' })).toThrow(
      new ConfigError('LOG_REQUEST_SAMPLE_RATE: must be a number from 0 to 1'),
    )
  })

  it('names the variable of an unparsable port in one line', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(new ConfigError('PORT: must be a port number'))
  })

  it('names a bad variable without echoing its value, which may hold a secret', () => {
    expect(() => loadConfig({ SMTP_URL: 'https://mailer:hunter2-secret@mail.example' })).toThrow(
      new ConfigError('SMTP_URL: must start with smtp:// or smtps://'),
    )
    expect(() => loadConfig({ SITE_BRANDS: '{"secret-brand": ' })).toThrow(new ConfigError('SITE_BRANDS: must be JSON'))
  })

  it('reads NODE_ENV=production as production', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).production).toBe(true)
    expect(loadConfig({}).production).toBe(false)
  })

  it('refuses STORAGE=s3 without a bucket', () => {
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow('S3_BUCKET: is required when STORAGE=s3')
  })

  it('reads MEDIA_PUBLIC_URL and MEDIA_PURGE_URL with STORAGE=s3 only, refusing a bad value or a use without s3 by name', () => {
    const s3 = { STORAGE: 's3', S3_BUCKET: 'media' }
    expect(loadConfig(s3).mediaEdge).toBeUndefined()
    expect(
      loadConfig({ ...s3, MEDIA_PUBLIC_URL: 'https://cdn.example.com/m', MEDIA_PURGE_URL: 'http://127.0.0.1:9/purge' }).mediaEdge,
    ).toEqual({
      publicBase: 'https://cdn.example.com/m/',
      purgeUrl: 'http://127.0.0.1:9/purge',
    })
    expect(loadConfig({ ...s3, MEDIA_PUBLIC_URL: 'https://cdn.example.com/' }).mediaEdge?.publicBase).toBe('https://cdn.example.com/')
    expect(() => loadConfig({ MEDIA_PUBLIC_URL: 'https://cdn.example.com/' })).toThrow(
      new ConfigError('MEDIA_PUBLIC_URL: needs STORAGE=s3'),
    )
    for (const bad of ['cdn.example.com', 'ftp://cdn.example.com/', 'https://cdn.example.com/?a=1'])
      expect(() => loadConfig({ ...s3, MEDIA_PUBLIC_URL: bad })).toThrow(/^MEDIA_PUBLIC_URL: must be an http/)
    expect(() => loadConfig({ ...s3, MEDIA_PURGE_URL: 'https://purge.example.com/' })).toThrow(
      new ConfigError('MEDIA_PURGE_URL: needs MEDIA_PUBLIC_URL'),
    )
  })

  it('parses SITE_BRANDS and rejects broken JSON naming the variable', () => {
    const brands = JSON.stringify({ 'hot.example': { siteName: 'Hot Example', useLogo: true, logoType: 'hot' } })
    expect(loadConfig({ SITE_BRANDS: brands }).siteBrands['hot.example'].siteName).toBe('Hot Example')
    expect(() => loadConfig({ SITE_BRANDS: '{nope' })).toThrow(/^SITE_BRANDS: must be JSON/)
  })

  it('reads S3 settings with path-style addressing', () => {
    const c = loadConfig({ STORAGE: 's3', S3_BUCKET: 'media', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true' })
    expect(c.storage).toMatchObject({ kind: 's3', bucket: 'media', endpoint: 'http://127.0.0.1:9000', forcePathStyle: true })
  })

  it('reads DMCA_RATE_LIMIT_PER_HOUR (default 50) and refuses a non-number', () => {
    expect(loadConfig({}).dmcaRateLimitPerHour).toBe(50)
    expect(loadConfig({ DMCA_RATE_LIMIT_PER_HOUR: '5' }).dmcaRateLimitPerHour).toBe(5)
    expect(() => loadConfig({ DMCA_RATE_LIMIT_PER_HOUR: 'lots' })).toThrow(/^DMCA_RATE_LIMIT_PER_HOUR: must be a whole number/)
    expect(() => loadConfig({ DMCA_RATE_LIMIT_PER_HOUR: '0' })).toThrow(/^DMCA_RATE_LIMIT_PER_HOUR: must be at least 1/)
  })

  it('reads HOST, the address to listen on (default 0.0.0.0), and refuses a host name', () => {
    expect(loadConfig({}).host).toBe('0.0.0.0')
    expect(loadConfig({ HOST: '127.0.0.1' }).host).toBe('127.0.0.1')
    expect(loadConfig({ HOST: '::' }).host).toBe('::')
    expect(() => loadConfig({ HOST: 'example.com' })).toThrow(/^HOST: must be an IP address/)
  })

  it('reads the upload, session and quota limits with their defaults, and refuses a bad one by name', () => {
    expect(loadConfig({})).toMatchObject({
      uploadsPerVisitorPerHour: 60,
      uploadsPerAddressPerHour: 200,
      sessionsPerAddressPerHour: 600,
      uploadQuotaBytes: 500 * 1024 * 1024,
    })
    const c = loadConfig({
      UPLOADS_PER_VISITOR_PER_HOUR: '2',
      UPLOADS_PER_ADDRESS_PER_HOUR: '3',
      SESSIONS_PER_ADDRESS_PER_HOUR: '4',
      UPLOAD_QUOTA_MB: '5',
    })
    expect(c).toMatchObject({
      uploadsPerVisitorPerHour: 2,
      uploadsPerAddressPerHour: 3,
      sessionsPerAddressPerHour: 4,
      uploadQuotaBytes: 5 * 1024 * 1024,
    })
    expect(() => loadConfig({ UPLOADS_PER_VISITOR_PER_HOUR: '0' })).toThrow(/^UPLOADS_PER_VISITOR_PER_HOUR: must be at least 1/)
    expect(() => loadConfig({ SESSIONS_PER_ADDRESS_PER_HOUR: 'many' })).toThrow(/^SESSIONS_PER_ADDRESS_PER_HOUR: must be a whole number/)
    expect(() => loadConfig({ UPLOAD_QUOTA_MB: '1.5' })).toThrow(/^UPLOAD_QUOTA_MB: must be a whole number/)
  })

  it('reads DATABASE_URL: unset, the SQLite file in DATA_DIR; postgres:// or postgresql://, that PostgreSQL database', () => {
    expect(loadConfig({ DATA_DIR: '/srv/hv' }).database).toEqual({ kind: 'sqlite', path: '/srv/hv/hotvote.sqlite' })
    expect(loadConfig({ DATABASE_URL: 'postgres://hv:pw@db.internal:5432/hotvote' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://hv:pw@db.internal:5432/hotvote',
    })
    expect(loadConfig({ DATABASE_URL: 'postgresql://db.internal/hotvote' }).database).toEqual({
      kind: 'postgres',
      url: 'postgresql://db.internal/hotvote',
    })
  })

  it('refuses a DATABASE_URL that is not a PostgreSQL URL in one line naming the variable, its password never echoed', () => {
    for (const url of [
      'mysql://hv:hunter2-secret@db/hotvote',
      'postgres://hv:hunter2-secret@/hotvote',
      'hv:hunter2-secret@db/hotvote',
      'sqlite:///srv/hunter2-secret.db',
    ]) {
      const error = (() => {
        try {
          loadConfig({ DATABASE_URL: url })
        } catch (e) {
          return e as Error
        }
      })()
      expect(error).toBeInstanceOf(ConfigError)
      expect(error!.message).toStartWith('DATABASE_URL: must be a postgres:// or postgresql:// URL')
      expect(error!.message).not.toContain('hunter2')
      expect(error!.message).not.toContain('\n')
    }
  })

  it('has every variable it reads documented in the README Configuration table', () => {
    const readme = readFileSync(join(import.meta.dir, '..', 'README.md'), 'utf8')
    const table = readme.split('## Configuration')[1].split('\n## ')[0]
    const documented = new Set(table.match(/\b[A-Z][A-Z0-9_]+\b/g))
    expect(CONFIG_VARIABLES.filter((name) => !documented.has(name))).toEqual([])
    expect(CONFIG_VARIABLES).toContain('HOST')
  })

  it('reads the media pipeline limits (defaults 2 jobs, 20 waiting, 60 s, 100 frames) and refuses values out of range, naming the variable', () => {
    expect(loadConfig({}).pipeline).toEqual({ concurrency: 2, queueLength: 20, timeoutSeconds: 60, maxFrames: 100 })
    expect(
      loadConfig({ PIPELINE_CONCURRENCY: '1', PIPELINE_QUEUE_LENGTH: '0', PIPELINE_TIMEOUT_SECONDS: '5', IMAGE_MAX_FRAMES: '300' })
        .pipeline,
    ).toEqual({ concurrency: 1, queueLength: 0, timeoutSeconds: 5, maxFrames: 300 })
    expect(() => loadConfig({ PIPELINE_CONCURRENCY: '0' })).toThrow(/^PIPELINE_CONCURRENCY: must be from 1 to 64/)
    expect(() => loadConfig({ PIPELINE_QUEUE_LENGTH: '-1' })).toThrow(/^PIPELINE_QUEUE_LENGTH: must be a whole number/)
    expect(() => loadConfig({ PIPELINE_TIMEOUT_SECONDS: '3601' })).toThrow(/^PIPELINE_TIMEOUT_SECONDS: must be from 1 to 3600/)
    expect(() => loadConfig({ IMAGE_MAX_FRAMES: 'many' })).toThrow(/^IMAGE_MAX_FRAMES: must be a whole number/)
  })
})
