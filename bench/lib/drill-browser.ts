/**
 * The failure drill's browser visitor (bench/drill.ts): Debian's chromium with the project's flags
 * (tests/support/browser.ts) on the site through nginx over https, the self-signed certificate accepted, rating the
 * item on screen Hot or Not at random, one after the other, as a visitor does, and, when the drill asks, uploading a
 * file from the upload page in a second tab. Every vote and upload goes through the app's offline outbox
 * (docs/offline.md). A vote counts as queued when it waited in the outbox for a retry: its own send
 * failed (no answer, or 408, 429 or 5xx), or it sat in the outbox while an item ahead of it was backing off. Service
 * workers are blocked (chromium registers none over a certificate it does not trust), so the page's own outbox
 * runner replays: at start, on the online event, after each vote and when a backoff ends.
 */
import { basename } from 'node:path'
import type { Page } from 'playwright-core'
import { launchBrowser } from '../../tests/support/browser'

/** One vote the browser cast: its outbox id (the Idempotency-Key), item, choice, and when it was first seen queued (epoch ms). */
export type BrowserVote = { id: string; mediaId: number; isHot: boolean; queuedAt?: number }

/**
 * An upload the browser made through the upload page: the file's name, each answer its sends got (`201`,
 * `503 Retry-After: 2`, `no answer`), and whether it waited in the outbox for a retry.
 */
export type BrowserUpload = { file: string; answers: string[]; queued: boolean }

/** What one poll of the outbox reads: each waiting item's id, kind, failed sends so far and, for a vote, its payload. */
type OutboxSnapshot = { id: string; kind: string; attempts: number; vote?: { mediaId: number; isHot: boolean } }[]

/** The items waiting in the page's IndexedDB outbox (none while the app has not created it). */
const readOutbox = (page: Page): Promise<OutboxSnapshot> =>
  page.evaluate(async () => {
    // Opening a database that does not exist yet would create it without the app's stores: wait for the app's.
    if (!(await indexedDB.databases()).some((d) => d.name === 'hotvote-outbox')) return []
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('hotvote-outbox')
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(open.error)
    })
    try {
      if (!db.objectStoreNames.contains('items')) return []
      const items = await new Promise<{ id: string; kind: string; attempts: number; vote?: { mediaId: number; isHot: boolean } }[]>(
        (resolve, reject) => {
          const all = db.transaction('items').objectStore('items').getAll()
          all.onsuccess = () => resolve(all.result)
          all.onerror = () => reject(all.error)
        },
      )
      return items.map((i) => ({ id: i.id, kind: i.kind, attempts: i.attempts, vote: i.vote }))
    } finally {
      db.close()
    }
  })

/** The time of day (UTC, HH:MM:SS) that the drill's progress lines and the rating loop's errors carry. */
export const clockTime = () => new Date().toISOString().slice(11, 19)

/**
 * True while the page shows a Hot or Not button that takes a click (the rate screen is not revealing a vote) and, with
 * fileLoaded, the item on screen has loaded its picture (or its video its first frame). The rate screen skips an item
 * whose file fails to load, so an item still loading when the database goes away can be skipped instead of rated; a
 * loaded one stays until it is rated.
 */
const canVote = (fileLoaded: boolean) =>
  [...document.querySelectorAll('button')].some(
    (b) => /(Hot|Not)$/.test(b.textContent ?? '') && b.getAttribute('aria-disabled') !== 'true',
  ) &&
  (!fileLoaded ||
    [...document.querySelectorAll('main img[alt$=" to rate"], main video')].every((m) =>
      m instanceof HTMLVideoElement ? m.readyState >= 2 : (m as HTMLImageElement).complete && (m as HTMLImageElement).naturalWidth > 0,
    ))

/**
 * Opens base (https through nginx) in chromium and starts rating; resolves once the first item can be rated.
 * userId: the visitor's id; votes: every vote seen on the wire or in the outbox, by id; queuedBetween(from, to): the
 * votes first seen queued in that window (epoch ms); holdOnVotableItem(): stops the rating loop and resolves once an
 * item waits on screen, its file loaded, with its Hot and Not buttons, release() lets the loop rate it and go on;
 * waitForQueued(since): resolves once a vote queued after since;
 * upload(path): chooses the file on the upload page in a second tab and uploads it, answering its BrowserUpload (kept
 * current as the sends go on); waitForUploadAnswer(since): resolves once an upload send got an answer (or none) after
 * since; drained(): resolves once the outbox is empty; errors: what went wrong in the rating loop (its time of day and what
 * the screen showed); stop(): ends it all.
 */
export async function startBrowserVisitor(base: string) {
  const browser = await launchBrowser()
  try {
    const context = await browser.newContext({ ignoreHTTPSErrors: true, serviceWorkers: 'block', viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    const votes = new Map<string, BrowserVote>()
    const errors: string[] = []
    const seen = (id: string, vote: { mediaId: number; isHot: boolean }) => {
      if (!votes.has(id)) votes.set(id, { id, mediaId: vote.mediaId, isHot: vote.isHot })
      return votes.get(id)!
    }
    const queued = (vote: BrowserVote) => void (vote.queuedAt ??= Date.now())
    const isVote = (method: string, url: string) => method === 'POST' && new URL(url).pathname === '/api/votes'
    const isUpload = (method: string, url: string) => method === 'POST' && new URL(url).pathname === '/api/media/upload'
    const uploads: BrowserUpload[] = []
    let lastUploadAnswerAt = 0
    const uploadAnswered = (answer: string) => {
      uploads.at(-1)?.answers.push(answer)
      lastUploadAnswerAt = Date.now()
    }
    context.on('requestfailed', (request) => {
      if (isUpload(request.method(), request.url())) uploadAnswered('no answer')
    })
    context.on('response', (response) => {
      const request = response.request()
      if (!isUpload(request.method(), request.url())) return
      const retryAfter = response.headers()['retry-after']
      uploadAnswered(retryAfter ? `${response.status()} Retry-After: ${retryAfter}` : String(response.status()))
    })
    page.on('request', (request) => {
      if (isVote(request.method(), request.url())) seen(request.headers()['idempotency-key'], request.postDataJSON())
    })
    page.on('requestfailed', (request) => {
      if (isVote(request.method(), request.url())) queued(seen(request.headers()['idempotency-key'], request.postDataJSON()))
    })
    page.on('response', (response) => {
      const request = response.request()
      if (isVote(request.method(), request.url()) && !response.ok())
        queued(seen(request.headers()['idempotency-key'], request.postDataJSON()))
    })
    await page.goto(`${base}/`)
    await page.waitForFunction(canVote, false, { timeout: 120_000, polling: 100 })
    const userId = await page.evaluate(async () => ((await (await fetch('/api/session')).json()) as { id: number }).id)

    let running = true
    let waiting = 0
    /** held: the rating loop clicks nothing more until released; idle: it is waiting at its start. */
    let held = false
    let idle = false
    /** Polls the outbox: while any item is backing off, every vote waiting with it is queued. */
    const watch = async () => {
      while (running) {
        const items = await readOutbox(page).catch(() => undefined)
        if (items) {
          waiting = items.length
          const backingOff = items.some((i) => i.attempts > 0)
          for (const item of items) if (item.kind === 'vote' && item.vote && backingOff) queued(seen(item.id, item.vote))
          if (items.some((i) => i.kind === 'upload' && i.attempts > 0)) for (const upload of uploads) upload.queued = true
        }
        await Bun.sleep(200)
      }
    }
    /** Clicks Hot or Not on the item on screen, then waits for the reveal to start before the next one. */
    const rate = async () => {
      while (running) {
        idle = held
        if (held) {
          await Bun.sleep(50)
          continue
        }
        try {
          await page.waitForFunction(canVote, false, { timeout: 10_000, polling: 100 })
          await page.getByRole('button', { name: Math.random() < 0.5 ? /Hot$/ : /Not$/ }).click({ timeout: 10_000 })
          await page.waitForFunction(() => !document.querySelector('button[aria-disabled="false"]'), undefined, {
            timeout: 5_000,
            polling: 'raf',
          })
        } catch (e) {
          if (!running) continue
          const shows = await page.evaluate(() => document.querySelector('main')?.textContent ?? '').catch(() => '')
          errors.push(`${clockTime()} ${(e as Error).message.split('\n')[0]}; the screen shows: ${shows.slice(0, 160)}`)
        }
      }
    }
    const loops = [watch(), rate()]
    return {
      userId,
      votes,
      errors,
      queuedBetween: (from: number, to: number) =>
        [...votes.values()].filter((v) => v.queuedAt !== undefined && v.queuedAt >= from && v.queuedAt < to),
      holdOnVotableItem: async (timeoutMs: number) => {
        held = true
        while (!idle) await Bun.sleep(20)
        await page.waitForFunction(canVote, true, { timeout: timeoutMs, polling: 100 }).catch(async (e: Error) => {
          const text = ((await page.evaluate(() => document.body.textContent)) ?? '').slice(0, 300)
          throw new Error(
            `no loaded item to rate on the browser's screen within ${timeoutMs / 1000} s (${e.message.split('\n')[0]}); it shows: ${text}`,
          )
        })
      },
      release: () => void (held = false),
      waitForQueued: async (since: number, timeoutMs: number) => {
        const deadline = Date.now() + timeoutMs
        while (![...votes.values()].some((v) => v.queuedAt !== undefined && v.queuedAt >= since)) {
          if (Date.now() > deadline)
            throw new Error(
              `no browser vote queued within ${timeoutMs / 1000} s; the rating loop's last errors: ${errors.slice(-3).join('; ')}`,
            )
          await Bun.sleep(100)
        }
      },
      upload: async (path: string): Promise<BrowserUpload> => {
        const upload: BrowserUpload = { file: basename(path), answers: [], queued: false }
        uploads.push(upload)
        const tab = await context.newPage()
        // A page that comes back 503 (nginx while no instance answers in time) is loaded again after its Retry-After,
        // as a visitor reloads it.
        for (let tries = 1; ; tries++) {
          const page = await tab.goto(`${base}/upload`)
          if (page?.ok() || tries === 10) break
          await Bun.sleep(Number(page?.headers()['retry-after'] ?? 2) * 1000)
        }
        // The file input is there once the app's code has loaded (after a reload of the page when it could not be
        // fetched, client/src/lib/start-retry.ts): each step waits as long as the drill's other waits.
        try {
          const input = tab.getByLabel('Choose files')
          await input.waitFor({ state: 'attached', timeout: 120_000 })
          await input.setInputFiles(path, { timeout: 120_000 })
          await tab.getByRole('button', { name: `Upload ${upload.file}` }).click({ timeout: 120_000 })
        } catch (e) {
          const shows = await tab
            .evaluate(() => document.body.textContent ?? '')
            .catch((failed: Error) => `(unreadable: ${failed.message})`)
          throw new Error(`${(e as Error).message.split('\n')[0]}; ${tab.url()} shows: ${shows.slice(0, 400)}`)
        }
        return upload
      },
      waitForUploadAnswer: async (since: number, timeoutMs: number) => {
        const deadline = Date.now() + timeoutMs
        while (lastUploadAnswerAt < since) {
          if (Date.now() > deadline) throw new Error(`the browser's upload got no answer within ${timeoutMs / 1000} s`)
          await Bun.sleep(100)
        }
      },
      drained: async (timeoutMs: number) => {
        const deadline = Date.now() + timeoutMs
        while ((await readOutbox(page)).length > 0) {
          if (Date.now() > deadline) throw new Error(`the browser's outbox still holds ${waiting} items after ${timeoutMs / 1000} s`)
          await Bun.sleep(200)
        }
      },
      stop: async () => {
        running = false
        await Promise.all(loops)
        await browser.close()
      },
    }
  } catch (e) {
    await browser.close()
    throw e
  }
}

/** The running browser visitor. */
export type BrowserVisitor = Awaited<ReturnType<typeof startBrowserVisitor>>
