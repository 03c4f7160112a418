import { describe, expect, it } from 'bun:test'
import { ConfigError, loadConfig } from './config'

describe('loadConfig', () => {
  it('gives the embedded defaults for an empty environment', () => {
    const c = loadConfig({})
    expect(c).toMatchObject({ port: 3000, dataDir: './data', publicUrl: 'http://localhost:3000', storage: { kind: 'fs' }, adminUsername: 'admin', siteBrands: {} })
    expect(c.smtpUrl).toBeUndefined()
  })

  it('names the variable of an unparsable port in one line', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(new ConfigError('PORT: must be a port number (got "eighty")'))
  })

  it('refuses STORAGE=s3 without a bucket', () => {
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow('S3_BUCKET: is required when STORAGE=s3')
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

  it('reads the media pipeline limits (defaults 2 jobs, 20 waiting, 60 s, 100 frames) and refuses values out of range, naming the variable', () => {
    expect(loadConfig({}).pipeline).toEqual({ concurrency: 2, queueLength: 20, timeoutSeconds: 60, maxFrames: 100 })
    expect(loadConfig({ PIPELINE_CONCURRENCY: '1', PIPELINE_QUEUE_LENGTH: '0', PIPELINE_TIMEOUT_SECONDS: '5', IMAGE_MAX_FRAMES: '300' }).pipeline).toEqual({ concurrency: 1, queueLength: 0, timeoutSeconds: 5, maxFrames: 300 })
    expect(() => loadConfig({ PIPELINE_CONCURRENCY: '0' })).toThrow(/^PIPELINE_CONCURRENCY: must be from 1 to 64/)
    expect(() => loadConfig({ PIPELINE_QUEUE_LENGTH: '-1' })).toThrow(/^PIPELINE_QUEUE_LENGTH: must be a whole number/)
    expect(() => loadConfig({ PIPELINE_TIMEOUT_SECONDS: '3601' })).toThrow(/^PIPELINE_TIMEOUT_SECONDS: must be from 1 to 3600/)
    expect(() => loadConfig({ IMAGE_MAX_FRAMES: 'many' })).toThrow(/^IMAGE_MAX_FRAMES: must be a whole number/)
  })
})
