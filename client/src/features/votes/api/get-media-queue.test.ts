import { afterEach, describe, expect, it, mock } from 'bun:test'
import type { RateMedia } from '@contract/media'
import { rateMedia } from '../../../../../tests/support/rate-media'
import { prefetchFirstQueue, takeFirstQueue } from './get-media-queue'

const realFetch = globalThis.fetch
/** Answers every request with the items, and records the requested URLs. */
function answerWith(items: RateMedia[]): string[] {
  const urls: string[] = []
  globalThis.fetch = mock(async (url: string | URL | Request) => {
    urls.push(String(url))
    return Response.json(items)
  }) as unknown as typeof fetch
  return urls
}
afterEach(() => void (globalThis.fetch = realFetch))

describe('the first queue, asked for before the rate screen renders', () => {
  it('is fetched once per user, handed to the screen once, and never to another user', async () => {
    const urls = answerWith([rateMedia(1), rateMedia(2)])
    expect(takeFirstQueue(7)).toBeUndefined()
    prefetchFirstQueue(7)
    prefetchFirstQueue(7)
    expect(takeFirstQueue(8)).toBeUndefined()
    expect((await takeFirstQueue(7))?.map((i) => i.id)).toEqual([1, 2])
    // The two asks made one request (sent a task after the ask, as every apiFetch request is).
    expect(urls).toEqual(['/api/media/queue/7?limit=10'])
    // Later fetches carry their exclude list, so the prefetched answer is not handed out twice.
    expect(takeFirstQueue(7)).toBeUndefined()
  })
})
