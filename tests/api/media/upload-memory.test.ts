/**
 * Memory after uploads (docs/operations.md > Running under a supervisor, docs/performance.md): a server started as `npm start` starts it (its
 * environment, production mode) that has run UPLOADS photos through the media pipeline gives the pipeline's memory
 * back once idle: its RSS settles below RSS_BOUND_MB. The bound sits between the settled RSS measured with the
 * memory release (libvips cache off, one libvips thread per image, MALLOC_ARENA_MAX=2, collection and malloc_trim
 * when the pipeline idles) and without it, with margin on both sides.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { readFileSync } from 'node:fs'
import { startServer, type TestServer } from '../../support/browser'
import { waitFor } from '../../support/process-checks'
import { startScriptEnv } from '../../../bench/lib/processes'
import { seedThroughUploads } from '../../../bench/lib/upload-seed'

const UPLOADS = 80
const RSS_BOUND_MB = 150

let server: TestServer
beforeAll(async () => {
  server = await startServer({ ...startScriptEnv(), NODE_ENV: 'production', UPLOADS_PER_VISITOR_PER_HOUR: '999999', UPLOADS_PER_ADDRESS_PER_HOUR: '999999', UPLOAD_QUOTA_MB: '9999999' })
})
afterAll(() => server.stop())

const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.proc.pid}/status`, 'utf8'))![1]) / 1024

describe('memory after uploads', () => {
  it(`settles below ${RSS_BOUND_MB} MB of RSS once ${UPLOADS} photo uploads through the pipeline are done`, async () => {
    const { stored } = await seedThroughUploads(server.url, UPLOADS)
    expect(stored).toBe(UPLOADS)
    let last = 0
    await waitFor(`RSS below ${RSS_BOUND_MB} MB`, () => (last = rssMb()) < RSS_BOUND_MB, 20_000).catch((e: Error) => {
      throw new Error(`${e.message}: ${last.toFixed(0)} MB`)
    })
  }, 300_000)
})
