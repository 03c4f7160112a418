/**
 * Memory after uploads (docs/media-pipeline.md > In a child process, docs/performance.md): a server started as `npm
 * start` starts it (its environment, production mode) that has run UPLOADS photos through the media pipeline never
 * maps sharp or libvips (they run in the pipeline's child processes) and settles below RSS_BOUND_MB of RSS once idle.
 * The bound is the settled RSS measured on the development machine plus room for another machine's allocator and
 * page sizes; with libvips loaded in the server it settled 25-40 MB higher.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { readFileSync } from 'node:fs'
import { startServer, type TestServer } from '../../support/browser'
import { waitFor } from '../../support/process-checks'
import { startScriptEnv } from '../../../bench/lib/processes'
import { seedThroughUploads } from '../../../bench/lib/upload-seed'

const UPLOADS = 80
const RSS_BOUND_MB = 110

let server: TestServer
beforeAll(async () => {
  server = await startServer({
    ...startScriptEnv(),
    NODE_ENV: 'production',
    UPLOADS_PER_VISITOR_PER_HOUR: '999999',
    UPLOADS_PER_ADDRESS_PER_HOUR: '999999',
    UPLOAD_QUOTA_MB: '9999999',
  })
})
afterAll(() => server.stop())

const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.proc.pid}/status`, 'utf8'))![1]) / 1024

describe('memory after uploads', () => {
  it(`never loads libvips and settles below ${RSS_BOUND_MB} MB of RSS once ${UPLOADS} photo uploads through the pipeline are done`, async () => {
    const { stored } = await seedThroughUploads(server.url, UPLOADS)
    expect(stored).toBe(UPLOADS)
    expect(readFileSync(`/proc/${server.proc.pid}/maps`, 'utf8')).not.toMatch(/vips|sharp/)
    let last = 0
    await waitFor(`RSS below ${RSS_BOUND_MB} MB`, () => (last = rssMb()) < RSS_BOUND_MB, 20_000).catch((e: Error) => {
      throw new Error(`${e.message}: ${last.toFixed(0)} MB`)
    })
  }, 300_000)
})
