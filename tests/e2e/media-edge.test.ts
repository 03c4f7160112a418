/**
 * Story: media from the edge (MEDIA_PUBLIC_URL, docs/operations.md > Media from the edge) in the browser. The built app
 * runs with STORAGE=s3 on s3rver, a real S3-protocol server on a port of its own (another origin) whose bucket has the
 * CORS rule docs/operations.md gives, and MEDIA_PUBLIC_URL is the bucket's public address. A taken-down item's files
 * stop being served there; a visitor's pictures load from the bucket under the app's CSP, the service worker caches
 * the next items' files from there, and offline the visitor rates them from that cache, the votes reaching the
 * server once online. The network is switched off by the test.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type CORSRule, PutBucketCorsCommand, S3Client } from '@aws-sdk/client-s3'
import type { Browser, Page } from 'playwright-core'
import { paths } from '@contract/paths'
import { launchBrowser, ROOT, startServer, type TestServer } from '../support/browser'
import { takedownInput } from '../support/builders'
import { cspViolations } from '../support/csp'
import { waitForMediaCache, waitForServiceWorker } from '../support/pwa'
import { voteHotWhileWaiting } from '../support/rate-screen'
import { startS3rver, type TestS3 } from '../support/s3-server'
import { seedUploads } from '../support/seed'
import { countRows, eventually } from '../support/server-db'

const BUCKET = 'hotvote-media'
/** The items the visitor rates: photos of a few hundred KB, each shown as one of its WebP variants. */
const PHOTOS = ['autumn-mountain-meadow.jpg', 'dandelion-clocks-portrait.jpg', 'fig-in-red-bowl-square.jpg', 'lakeside-jetty-planks.jpg']

let s3: TestS3
let server: TestServer
let browser: Browser
/** MEDIA_PUBLIC_URL: the bucket's public address on s3rver (path style). */
let base = ''

/** The bucket CORS rule of docs/operations.md (Media from the edge), for origin instead of the example site's. */
function documentedCorsRule(origin: string): CORSRule {
  const docs = readFileSync(join(ROOT, 'docs', 'operations.md'), 'utf8')
  const section = docs.slice(docs.indexOf('### Media from the edge'))
  const [rule] = JSON.parse(section.match(/^\[\{ "AllowedOrigins".*$/m)![0]) as CORSRule[]
  return { ...rule, AllowedOrigins: [origin] }
}

beforeAll(async () => {
  s3 = await startS3rver(BUCKET)
  base = `${s3.endpoint}/${BUCKET}/`
  ;[server, browser] = await Promise.all([startServer({ ...s3.env, MEDIA_PUBLIC_URL: base }), launchBrowser()])
  const { accessKeyId, secretAccessKey, ...options } = s3.storageOptions
  const client = new S3Client({ ...options, credentials: { accessKeyId, secretAccessKey } })
  await client.send(new PutBucketCorsCommand({ Bucket: BUCKET, CORSConfiguration: { CORSRules: [documentedCorsRule(server.url)] } }))
  client.destroy()
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await s3?.stop()
})

/**
 * Waits until the rate screen shows a picture that has rendered (naturalWidth > 0) and is none of before; answers the
 * URL it was loaded from (currentSrc: the variant the browser chose).
 */
async function renderedPicture(page: Page, before: string[] = []): Promise<string> {
  const shown = await page.waitForFunction((before) => {
    const img = document.querySelector('button[aria-label="Open full-screen viewer"] img') as HTMLImageElement | null
    return img?.complete && img.naturalWidth > 0 && !before.includes(img.currentSrc) ? img.currentSrc : false
  }, before)
  return (await shown.jsonValue()) as string
}

describe('media from the edge in the browser', () => {
  test("a taken-down item's files answer 403 or 404 from the bucket's public address", async () => {
    const [item] = (await seedUploads(server, ['storm-over-highway.jpg'])).media
    const published = [item.url, ...item.variants.map((v) => v.url)]
    expect(published.filter((url) => !url.startsWith(base))).toEqual([])
    for (const url of published) expect((await fetch(url)).status).toBe(200)

    const filed = await fetch(`${server.url}${paths.dmcaTakedown()}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(takedownInput(item.id)),
    })
    expect(filed.status).toBe(201)
    const resolved = await fetch(`${server.url}${paths.adminDmcaTakedown(((await filed.json()) as { id: number }).id)}`, {
      method: 'PATCH',
      headers: { authorization: server.adminAuth, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'resolved', adminNotes: '' }),
    })
    expect(resolved.status).toBe(200)
    for (const url of published) expect([403, 404]).toContain((await fetch(url)).status)
  })

  test('pictures load from the bucket without a CSP violation, are cached by the worker from there, and are rated offline', async () => {
    await seedUploads(server, PHOTOS)
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const violations = await cspViolations(context)
    const page = await context.newPage()
    await page.goto(`${server.url}/`)
    expect((await renderedPicture(page)).startsWith(base)).toBe(true)
    expect(await waitForServiceWorker(page)).toBe(`${server.url}/sw.js?media=${encodeURIComponent(base)}`)
    const userId = await page.evaluate(async () => ((await (await fetch('/api/session')).json()) as { id: number }).id)

    // Files fetched before the worker took control are not in its cache: reload so the queue warms them through it.
    await page.reload()
    const cached = await waitForMediaCache(page, (urls) => urls.filter((url) => url.startsWith(base)).length >= PHOTOS.length, 60_000)
    expect(cached.filter((url) => !url.startsWith(base))).toEqual([])

    await context.setOffline(true)
    const shown = [await renderedPicture(page)]
    for (let i = 1; i < PHOTOS.length; i++) {
      await voteHotWhileWaiting(page, i)
      shown.push(await renderedPicture(page, shown))
    }
    // Every item was shown offline, each from the bucket's address (answered by the worker's cache).
    expect(shown.filter((url) => url.startsWith(base)).length).toBe(PHOTOS.length)
    const votes = () => countRows(server, 'select count(*) as n from votes where user_id = ?', userId)
    expect(votes()).toBe(0)

    await context.setOffline(false)
    await eventually(votes, PHOTOS.length - 1)
    expect(countRows(server, 'select count(distinct media_id) as n from votes where user_id = ?', userId)).toBe(PHOTOS.length - 1)
    expect(violations).toEqual([])
    await context.close()
  })
})
