/**
 * The media pipeline's child process (server/media/pipeline/pipeline-process.ts, docs/media-pipeline.md > In a child
 * process): uploads are processed in a child of the server process that exits once idle; a child that dies during a
 * job (killed, crashed) or hangs past the job's time limit fails that job alone, and the next upload gets a fresh child.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import sharp from 'sharp'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { makeTestApp, makeVisitor } from '../../support/test-app'
import { FIXTURES_DIR, makeMedia } from '../../support/builders'
import { waitFor } from '../../support/process-checks'

/** Process ids of this process's pipeline children (the app runs in this test process). */
function pipelineChildren(): number[] {
  const tasks = `/proc/${process.pid}/task`
  const pids = readdirSync(tasks).flatMap((tid) =>
    readFileSync(join(tasks, tid, 'children'), 'utf8')
      .split(' ')
      .filter(Boolean)
      .map(Number),
  )
  return pids.filter((pid) => existsSync(`/proc/${pid}/cmdline`) && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('pipeline-child'))
}

/** A 12 MP JPEG, unique per seed (its processing takes long enough to act on the child during it). */
const largePhoto = (seed: number) =>
  sharp(join(FIXTURES_DIR, 'autumn-mountain-meadow.jpg'))
    .resize(4000, 3000, { fit: 'fill' })
    .modulate({ brightness: 1 + seed / 100 })
    .jpeg({ quality: 95 })
    .toBuffer()

/** Uploads bytes as a new visitor's photo; resolves to the answer. */
async function upload(t: ReturnType<typeof makeTestApp>, bytes: Buffer) {
  return makeMedia(t.app, await makeVisitor(t.app), 'photo.jpg', { bytes: new Blob([new Uint8Array(bytes)]) })
}

/** The one pipeline child once it is running (it starts with the job). */
async function runningChild(): Promise<number> {
  await waitFor('a pipeline child', () => pipelineChildren().length === 1, 30_000)
  return pipelineChildren()[0]
}

describe('the pipeline child process', () => {
  // A timeout a 12-megapixel photo meets with room on a busy machine: the child's start and its job share the cores
  // with whatever else runs.
  const t = makeTestApp({ PIPELINE_CONCURRENCY: '1', PIPELINE_TIMEOUT_SECONDS: '8' })
  afterAll(t.cleanup)
  let photos: Buffer[]
  beforeAll(async () => {
    photos = await Promise.all([1, 2, 3, 4, 5].map(largePhoto))
    await waitFor('no pipeline child before the first upload', () => pipelineChildren().length === 0, 30_000)
  })

  it('processes an upload in a child, which exits once idle', async () => {
    const answer = upload(t, photos[0])
    const pid = await runningChild()
    expect((await answer).status).toBe(201)
    expect(pipelineChildren()).toEqual([pid])
    await waitFor('the idle child to exit', () => pipelineChildren().length === 0, 30_000)
  })

  it('fails only the job of a child killed during it; the next upload gets a fresh child', async () => {
    const objectsBefore = await Array.fromAsync(t.deps.storage.list())
    const answer = upload(t, photos[1])
    const pid = await runningChild()
    process.kill(pid, 'SIGKILL')
    const failed = await answer
    expect(failed.status).toBe(500)
    expect(await Array.fromAsync(t.deps.storage.list())).toEqual(objectsBefore)
    const next = upload(t, photos[2])
    const fresh = await runningChild()
    expect(fresh).not.toBe(pid)
    expect((await next).status).toBe(201)
  })

  it('kills a child that outlives the job time limit (three pipeline timeouts), fails that job with 415 and starts a fresh child for the next', async () => {
    const answer = upload(t, photos[3])
    const pid = await runningChild()
    process.kill(pid, 'SIGSTOP')
    const failed = await answer
    expect(failed.status).toBe(415)
    await waitFor(
      'the stopped child to be killed',
      () => !existsSync(`/proc/${pid}`) || readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1][0] === 'Z',
      10_000,
    )
    const next = upload(t, photos[4])
    expect(await runningChild()).not.toBe(pid)
    expect((await next).status).toBe(201)
  })
})
