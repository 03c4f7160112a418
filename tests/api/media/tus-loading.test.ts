/**
 * The resumable uploads' modules load on first use (docs/performance.md > What an idle server holds): a fresh server
 * holds neither @tus/server nor its datastore after start, an expiry cleanup with nothing expired and a multipart photo
 * upload; the first tus creation loads them. A tus handler that cannot be built answers 503 and is built again on the
 * next request.
 */
import { afterAll, describe, expect, it } from 'bun:test'
import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { makeTestApp, makeVisitor } from '../../support/test-app'
import { createTusUpload } from '../../support/tus'
import { RESUMABLE_UNAVAILABLE } from '@server/media/resumable-uploads'

const SUPPORT = join(import.meta.dir, '../../support')

/** In a fresh bun: a test app, then each step; answers, per step, whether @tus/server and @tus/file-store are loaded. */
function loadedAfterSteps(): Record<string, { server: boolean; store: boolean }> {
  const script = `
    const { makeTestApp, makeVisitor } = await import(${JSON.stringify(join(SUPPORT, 'test-app.ts'))})
    const { makeMedia } = await import(${JSON.stringify(join(SUPPORT, 'builders.ts'))})
    const { createTusUpload } = await import(${JSON.stringify(join(SUPPORT, 'tus.ts'))})
    const { createVisitorResumableUploads } = await import('@server/features/media/media-tus.service')
    const { createUploadLimits } = await import('@server/features/media/upload-limits.service')
    const loaded = () => {
      const keys = Object.keys(require.cache)
      return { server: keys.some((k) => k.includes('/@tus/server/')), store: keys.some((k) => k.includes('/@tus/file-store/')) }
    }
    const steps = {}
    const t = makeTestApp()
    try {
      const a = await makeVisitor(t.app)
      steps.start = loaded()
      if ((await createVisitorResumableUploads(t.deps, createUploadLimits(t.deps)).cleanExpired()) !== 0) throw new Error('cleanup')
      steps.cleanup = loaded()
      const photo = await makeMedia(t.app, a, 'tabby-cat.png')
      if (photo.status !== 201) throw new Error('photo ' + photo.status)
      steps.photo = loaded()
      const created = await Promise.all([1, 2].map(() => createTusUpload(t.app, a, 'clip.mp4', 1000)))
      if (created.some((c) => c.status !== 201)) throw new Error('tus ' + created.map((c) => c.status))
      steps.tus = loaded()
    } finally {
      await t.cleanup()
    }
    console.log(JSON.stringify(steps))`
  const run = Bun.spawnSync([process.execPath, '-e', script], { stderr: 'pipe', env: { ...process.env, NODE_ENV: 'test' } })
  if (run.exitCode !== 0) throw new Error(run.stderr.toString())
  return JSON.parse(run.stdout.toString().trim().split('\n').at(-1) ?? '{}')
}

describe('loading the resumable uploads', () => {
  it('loads @tus/server and its datastore on the first tus creation, not at start, for a cleanup with nothing expired or a photo', () => {
    const none = { server: false, store: false }
    expect(loadedAfterSteps()).toEqual({ start: none, cleanup: none, photo: none, tus: { server: true, store: true } })
  })

  const t = makeTestApp()
  afterAll(t.cleanup)

  it('answers 503 while the tus handler cannot be built, and builds it on the next request', async () => {
    // A file where the datastore's folder goes makes building the handler fail.
    const blocker = join(t.dir, 'resumable-uploads')
    writeFileSync(blocker, '')
    const a = await makeVisitor(t.app)
    const failed = await createTusUpload(t.app, a, 'clip.mp4', 1000)
    expect(failed.status).toBe(503)
    expect(failed.json).toMatchObject({ message: RESUMABLE_UNAVAILABLE })
    rmSync(blocker)
    expect((await createTusUpload(t.app, a, 'clip.mp4', 1000)).status).toBe(201)
  })
})
