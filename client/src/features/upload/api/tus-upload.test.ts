import { describe, expect, it } from 'bun:test'
import { MB } from '@contract/media'
import { fakeTusServer, type FakeUpload } from './fake-tus-server'
import { sendTusUpload, terminateTusUpload, TUS_CHUNK_BYTES, type TusUploadOptions } from './tus-upload'

const ORIGIN = 'http://hotvote.test'

/** A file of size bytes whose every byte depends on its position, so a misplaced chunk shows. */
function videoOf(size: number): Blob {
  const bytes = new Uint8Array(size)
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + (i >> 11)) & 0xff
  return new Blob([bytes], { type: 'video/mp4' })
}

/** The bytes the fake server holds for upload, joined. */
const received = (upload: FakeUpload) => new Uint8Array(Buffer.concat(upload.chunks))

/** Options for sendTusUpload over server with file, recording the URLs stored and the confirmed offsets. */
function optionsFor(server: ReturnType<typeof fakeTusServer>, file: Blob, extra: Partial<TusUploadOptions> = {}) {
  const stored: string[] = []
  const confirmed: number[] = []
  const options: TusUploadOptions = {
    file,
    fileName: 'clip.mp4',
    fileType: 'video/mp4',
    userId: 7,
    origin: ORIGIN,
    fetch: server.fetch,
    onUrl: async (url) => (stored.push(url), true),
    onConfirmed: (offset) => void confirmed.push(offset),
    ...extra,
  }
  return { options, stored, confirmed }
}

describe('sendTusUpload', () => {
  it('creates the upload with the visitor id, name and type, sends it in 1 MB chunks and answers the final PATCH body', async () => {
    const server = fakeTusServer()
    const file = videoOf(3 * MB + 5)
    const { options, stored, confirmed } = optionsFor(server, file)
    const outcome = await sendTusUpload(options)
    expect(outcome).toEqual({
      type: 'answer',
      answer: {
        status: 200,
        text: JSON.stringify({ message: 'Upload successful', media: { id: 1, originalName: 'clip.mp4' } }),
        statusText: '',
      },
    })
    const [upload] = [...server.uploads.values()]
    expect(upload!.metadata).toEqual({ filename: 'clip.mp4', filetype: 'video/mp4', userId: '7' })
    expect(received(upload!)).toEqual(new Uint8Array(await file.arrayBuffer()))
    expect(server.requests).toEqual([
      'POST /api/media/tus',
      'PATCH /api/media/tus/u1',
      'PATCH /api/media/tus/u1',
      'PATCH /api/media/tus/u1',
    ])
    expect(stored).toEqual([`${ORIGIN}/api/media/tus/u1`])
    expect(confirmed).toEqual([TUS_CHUNK_BYTES, 2 * TUS_CHUNK_BYTES, 3 * TUS_CHUNK_BYTES, 3 * MB + 5])
  })

  it('resumes after the connection drops twice, re-sending at most what the cut chunks had left', async () => {
    const size = 12 * MB
    const server = fakeTusServer({ cutsAt: [2.5 * MB, Math.round(7.2 * MB)] })
    const file = videoOf(size)
    const { options, stored, confirmed } = optionsFor(server, file)
    const outcome = await sendTusUpload(options)
    expect(outcome.type).toBe('answer')
    const [upload] = [...server.uploads.values()]
    expect(server.uploads.size).toBe(1)
    expect(received(upload!)).toEqual(new Uint8Array(await file.arrayBuffer()))
    // A resume starts at the server's offset (HEAD), so what arrived of a cut chunk is not sent again.
    expect(server.state.pushedBytes).toBe(size)
    expect(server.requests.filter((r) => r.startsWith('HEAD'))).toHaveLength(2)
    expect(new Set(stored)).toEqual(new Set([`${ORIGIN}/api/media/tus/u1`]))
    expect(confirmed.at(-1)).toBe(size)
    expect(confirmed).toEqual([...confirmed].sort((a, b) => a - b))
  })

  it('resumes from a stored URL at the offset the server confirms, without creating a new upload', async () => {
    const server = fakeTusServer()
    const file = videoOf(5 * MB)
    // The first send stops after the server confirmed its first chunk, as when the page is closed.
    const first = optionsFor(server, file)
    const controller = new AbortController()
    first.options.onConfirmed = (offset) => offset >= MB && controller.abort()
    expect(await sendTusUpload({ ...first.options, signal: controller.signal })).toEqual({ type: 'cancelled' })
    const [upload] = [...server.uploads.values()]
    expect(upload!.offset).toBe(MB)

    const second = optionsFor(server, file, { url: first.stored[0] })
    expect((await sendTusUpload(second.options)).type).toBe('answer')
    expect(server.uploads.size).toBe(1)
    expect(server.requests.filter((r) => r.startsWith('POST'))).toHaveLength(1)
    expect(received(upload!)).toEqual(new Uint8Array(await file.arrayBuffer()))
    expect(second.confirmed[0]).toBe(2 * MB)
  })

  it('answers the stored outcome when the final answer was lost, without sending the file again', async () => {
    const server = fakeTusServer({ loseFinalAnswer: true })
    const file = videoOf(2 * MB)
    const { options } = optionsFor(server, file)
    const outcome = await sendTusUpload(options)
    expect(outcome.type === 'answer' && outcome.answer.status).toBe(200)
    expect(outcome.type === 'answer' && JSON.parse(outcome.answer.text).media.id).toBe(1)
    expect(server.state.pushedBytes).toBe(2 * MB)
    expect(server.requests.slice(-2)).toEqual(['HEAD /api/media/tus/u1', 'GET /api/media/tus/u1/result'])
  })

  it('asks for the stored outcome again while the server is still processing the file (202)', async () => {
    const server = fakeTusServer({ loseFinalAnswer: true, processingPolls: 2 })
    const { options } = optionsFor(server, videoOf(2 * MB))
    const outcome = await sendTusUpload(options)
    expect(outcome.type === 'answer' && outcome.answer.status).toBe(200)
    expect(server.requests.filter((r) => r.endsWith('/result'))).toHaveLength(3)
  })

  it('answers the stored outcome of a finished upload whose URL is gone, without sending the file again', async () => {
    const server = fakeTusServer({ forgetFinished: true })
    const file = videoOf(2 * MB)
    const first = optionsFor(server, file)
    await sendTusUpload(first.options)
    const again = optionsFor(server, file, { url: first.stored[0] })
    const outcome = await sendTusUpload(again.options)
    expect(outcome.type === 'answer' && outcome.answer.status).toBe(200)
    expect(server.requests.slice(-2)).toEqual(['HEAD /api/media/tus/u1', 'GET /api/media/tus/u1/result'])
    expect(server.state.pushedBytes).toBe(2 * MB)
  })

  it('starts a new upload when the server knows neither the stored URL nor an outcome for it', async () => {
    const server = fakeTusServer()
    const file = videoOf(2 * MB)
    const { options, stored } = optionsFor(server, file, { url: `${ORIGIN}/api/media/tus/expired` })
    expect((await sendTusUpload(options)).type).toBe('answer')
    expect(server.requests.slice(0, 3)).toEqual(['HEAD /api/media/tus/expired', 'GET /api/media/tus/expired/result', 'POST /api/media/tus'])
    expect(stored).toEqual([`${ORIGIN}/api/media/tus/u1`])
    expect(received(server.uploads.get('u1')!)).toEqual(new Uint8Array(await file.arrayBuffer()))
  })

  it('answers a refusal at creation with its status and message, without retrying', async () => {
    const server = fakeTusServer({ refuse: { status: 413, message: 'Upload quota exceeded' } })
    const { options } = optionsFor(server, videoOf(2 * MB))
    const outcome = await sendTusUpload(options)
    expect(outcome.type === 'answer' && outcome.answer.status).toBe(413)
    expect(outcome.type === 'answer' && JSON.parse(outcome.answer.text)).toEqual({ message: 'Upload quota exceeded' })
    expect(server.requests).toEqual(['POST /api/media/tus'])
  })

  it('answers a duplicate refused at the final PATCH (409) with the stored outcome, sending the file once', async () => {
    const server = fakeTusServer({ final: () => ({ status: 409, body: { message: 'This file was already uploaded' } }) })
    const { options } = optionsFor(server, videoOf(2 * MB))
    const outcome = await sendTusUpload(options)
    expect(outcome.type === 'answer' && outcome.answer.status).toBe(409)
    expect(outcome.type === 'answer' && JSON.parse(outcome.answer.text)).toEqual({ message: 'This file was already uploaded' })
    expect(server.requests.slice(1)).toEqual(['PATCH /api/media/tus/u1', 'HEAD /api/media/tus/u1', 'GET /api/media/tus/u1/result'])
  })

  it('recovers from a PATCH the browser replays on a dropped connection (409 offset mismatch) at the server offset', async () => {
    const server = fakeTusServer()
    let patches = 0
    // The second PATCH reaches the server twice: the replay finds the offset moved on and gets 409.
    const replaying = async (input: string, init: RequestInit) => {
      if (init.method === 'PATCH' && ++patches === 2) await server.fetch(input, init)
      return server.fetch(input, init)
    }
    const file = videoOf(4 * MB)
    const { options } = optionsFor(server, file, { fetch: replaying })
    expect((await sendTusUpload(options)).type).toBe('answer')
    expect(received(server.uploads.get('u1')!)).toEqual(new Uint8Array(await file.arrayBuffer()))
    expect(server.requests.filter((r) => r.startsWith('HEAD'))).toHaveLength(1)
  })

  it('answers retry when no answer comes after its retries', async () => {
    const failing = async (): Promise<Response> => {
      throw new TypeError('Failed to fetch')
    }
    const { options } = optionsFor(fakeTusServer(), videoOf(MB), { fetch: failing })
    expect(await sendTusUpload({ ...options })).toEqual({ type: 'retry', reason: 'Network error during upload' })
  }, 10_000)

  it('terminates the upload on the server when the item was removed before its URL could be stored', async () => {
    const server = fakeTusServer()
    const { options } = optionsFor(server, videoOf(3 * MB), { onUrl: async () => false })
    expect(await sendTusUpload(options)).toEqual({ type: 'cancelled' })
    expect(server.requests).toEqual(['POST /api/media/tus', 'DELETE /api/media/tus/u1'])
    expect(server.uploads.size).toBe(0)
  })
})

describe('terminateTusUpload', () => {
  it('deletes the upload (204) and rejects for one the server does not know', async () => {
    const server = fakeTusServer()
    server.uploads.set('u5', { id: 'u5', length: 10, chunks: [], offset: 0, metadata: {} })
    await terminateTusUpload(`${ORIGIN}/api/media/tus/u5`, server.fetch)
    expect(server.uploads.size).toBe(0)
    expect(server.requests).toEqual(['DELETE /api/media/tus/u5'])
    await expect(terminateTusUpload(`${ORIGIN}/api/media/tus/u5`, server.fetch)).rejects.toThrow()
  })
})
