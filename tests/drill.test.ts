/**
 * The failure drills (bench/drill.ts, `bun run drill`) with a 5 s bucket outage: nginx with docs/operations/nginx.conf
 * over https in front of two instances, a PostgreSQL cluster and an s3rver bucket of the drill's own, under a steady
 * mixed load. A rolling upgrade fails no request; a PostgreSQL restart and a bucket outage answer nothing but 503 with
 * Retry-After and come back by themselves; a kill -9 of one instance fails no request the client could not retry;
 * no drill loses an acknowledged vote or upload. A visitor in chromium rates items through nginx all along: the votes
 * its offline outbox queued while the database was down are replayed after it returns, each recorded exactly once,
 * and so is every vote it cast over the run; a photo it uploads while the bucket is away waits in its outbox after a
 * 503 with Retry-After and is stored exactly once after the bucket returns. Rates and recovery times are printed in
 * the table, not asserted.
 */
import { expect, it } from 'bun:test'
import { drillTable, runDrill } from '../bench/drill'

it('keeps every acknowledged write through a rolling upgrade, a database restart, a bucket outage and a kill -9 behind nginx', async () => {
  // A rate this machine carries beside other work: the test is about failures and losses, the rate is the drill's.
  const result = await runDrill({
    outageSeconds: 5,
    loadRate: 100,
    exportEverySeconds: 3,
    settleSeconds: 2,
    log: (line) => console.log(line),
  })
  console.log(drillTable(result.rows))
  expect(result.frontDoor).toEqual({ http2: true, hostCookie: true, sessionResumed: true, forwardedFor: true })
  expect(result.acknowledged.votes).toBeGreaterThan(0)
  expect(result.acknowledged.uploads).toBeGreaterThan(0)
  expect(result.rows.map((r) => r.drill)).toEqual([
    'rolling upgrade of both instances',
    'PostgreSQL restart (pg_ctl stop -m fast, start)',
    'bucket unreachable for 5 s',
    'kill -9 of one instance',
  ])
  for (const row of result.rows) {
    const { queued } = row.browserOutbox
    expect({
      drill: row.drill,
      failures: row.failures,
      lostVotes: row.lostVotes,
      lostUploads: row.lostUploads,
      browser: row.browserOutbox,
    }).toEqual({
      drill: row.drill,
      failures: [],
      lostVotes: 0,
      lostUploads: 0,
      browser: { queued, replayed: queued, duplicates: 0 },
    })
  }
  // The browser's outbox held votes while the database was down (the drill waits for one) and replayed them.
  expect(result.rows[1].browserOutbox.queued).toBeGreaterThan(0)
  // Every vote the browser cast reached the server once, with its choice.
  expect(result.browser.cast).toBeGreaterThan(0)
  expect({ recorded: result.browser.recorded, duplicates: result.browser.duplicates }).toEqual({
    recorded: result.browser.cast,
    duplicates: 0,
  })
  // The outages were seen: clients waited out 503s with Retry-After instead of failing, and an upload sent while the
  // bucket was away got 503 with Retry-After.
  expect(result.rows[1].retried503).toBeGreaterThan(0)
  expect(result.rows[2].answerWhileDown).toBe('503 Retry-After: 2')
  // The browser's upload, sent while the bucket was away, got 503 with Retry-After, waited in its outbox, and was
  // stored once with its object once the bucket was back.
  const upload = result.rows[2].browserUpload
  expect(upload).toMatchObject({ file: 'red-marigold.webp', queued: true, stored: 1, inBucket: true })
  expect(upload?.answers[0]).toBe('503 Retry-After: 2')
  expect(upload?.answers.at(-1)).toBe('201')
  for (const answer of upload?.answers ?? []) expect(answer).toMatch(/^(201|503 Retry-After: 2)$/)
  for (const row of [result.rows[0], result.rows[1], result.rows[3]]) expect(row.browserUpload).toBeNull()
  // Service came back by itself after each part returned.
  for (const row of result.rows.slice(1)) expect(row.recoverySeconds).not.toBeNull()
}, 480_000)
