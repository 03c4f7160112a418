import { afterAll, describe, expect, it } from 'bun:test'
import { makeTestDeps, TEST_DIALECT } from '../../tests/support/test-app'
import { insertMedia, insertVote } from '../../tests/support/rows'
import { openDatabase } from '../db/open'
import { sqliteDatabase } from '../db/database'
import { findRandomRateableMedia, findVisitorAndRandomRateableMedia, mediaIdRange } from './media.repository'

describe('mediaIdRange', () => {
  it('gives nulls for no media and the smallest and largest id otherwise', async () => {
    const opened = openDatabase(':memory:')
    const { sqlite } = opened
    const db = sqliteDatabase(opened)
    expect(await mediaIdRange(db)).toEqual({ min: null, max: null })
    sqlite.run("insert into users (session_id, username, created_at) values ('s', 'u', 'now')")
    for (const id of [4, 9, 17])
      sqlite.run(
        "insert into media (id, user_id, storage_key, original_name, mime_type, size, sha256, uploaded_at) values (?, 1, ?, 'x', 'image/jpeg', 1, ?, 'now')",
        [id, `k${id}`, `h${id}`],
      )
    // Sampling depends on real numbers here: a wrong shape silently sends every pick to the slow exact query.
    expect(await mediaIdRange(db)).toEqual({ min: 4, max: 17 })
  })
})

describe('findRandomRateableMedia', () => {
  const opened = openDatabase(':memory:')
  const { sqlite } = opened
  const db = sqliteDatabase(opened)
  sqlite.run("insert into users (id, session_id, username, created_at) values (1, 's1', 'owner', 'now'), (2, 's2', 'voter', 'now')")
  for (const id of [4, 9, 17])
    sqlite.run(
      "insert into media (id, user_id, storage_key, original_name, mime_type, size, sha256, uploaded_at) values (?, 1, ?, 'x', 'image/jpeg', 1, ?, 'now')",
      [id, `k${id}`, `h${id}`],
    )
  sqlite.run(
    `update media set variants = '[{"width":640,"height":480,"size":900}]', placeholder = 'ph', total_votes = 3, hot_votes = 2 where id = 17`,
  )

  it('maps a position in [0, 1) uniformly onto the ids from the smallest to the largest', async () => {
    // 14 ids in [4, 17]: position p probes 4 + floor(p * 14).
    expect((await findRandomRateableMedia(db, 0, 2))?.id).toBe(4)
    expect((await findRandomRateableMedia(db, 5 / 14, 2))?.id).toBe(9)
    expect((await findRandomRateableMedia(db, 0.9999, 2))?.id).toBe(17)
    expect(await findRandomRateableMedia(db, 1 / 14, 2)).toBeUndefined()
  })

  it('answers the columns the rate screen shows, variants parsed', async () => {
    expect(await findRandomRateableMedia(db, 0.9999, 2)).toEqual({
      id: 17,
      storageKey: 'k17',
      mimeType: 'image/jpeg',
      size: 1,
      width: null,
      height: null,
      placeholder: 'ph',
      variants: [{ width: 640, height: 480, size: 900 }],
      frames: null,
      processedAt: null,
      totalVotes: 3,
      hotVotes: 2,
    })
    expect((await findRandomRateableMedia(db, 0, 2))?.variants).toBeNull()
  })

  it('never answers the user their own, a hidden or an already voted item', async () => {
    expect(await findRandomRateableMedia(db, 0, 1)).toBeUndefined()
    sqlite.run("update media set hidden_at = 'now' where id = 9")
    expect(await findRandomRateableMedia(db, 5 / 14, 2)).toBeUndefined()
    sqlite.run("insert into votes (user_id, media_id, is_hot, created_at) values (2, 4, 1, 'now')")
    expect(await findRandomRateableMedia(db, 0, 2)).toBeUndefined()
  })
})

describe('findVisitorAndRandomRateableMedia', () => {
  // On the dialect the tests run on (TEST_DIALECT): items 1 and 2 of user 1, so position p probes item 1 + floor(p * 2).
  const t = makeTestDeps()
  afterAll(t.cleanup)
  const { db } = t.deps
  const ready = (async () => {
    for (const [id, hash] of [
      [1, 'h1'],
      [2, 'h2'],
      [3, 'h3'],
    ] as const)
      await t.sql.run("insert into users (id, session_id, username, created_at) values (?, ?, ?, 'now')", id, hash, `user${id}`)
    await t.sql.run("insert into user_sessions (session_hash, user_id, created_at) values ('h2b', 2, 'now')")
    for (const n of [1, 2]) expect(await insertMedia(t.sql, 1)).toBe(n)
    await insertVote(t.sql, 2, 2, true)
  })()

  it("answers the session's user with the probe of its own pick, from either of its sessions", async () => {
    await ready
    expect(await findVisitorAndRandomRateableMedia(db, 'h2', 0, 2)).toMatchObject({ visitorId: 2, row: { id: 1 } })
    expect(await findVisitorAndRandomRateableMedia(db, 'h2b', 0, 2)).toMatchObject({ visitorId: 2, row: { id: 1 } })
    expect(await findVisitorAndRandomRateableMedia(db, 'h3', 0.9999, 3)).toMatchObject({ visitorId: 3, row: { id: 2 } })
  })

  it('answers no visitor for an unknown session and no probe for another user, their own item or a voted one', async () => {
    await ready
    expect(await findVisitorAndRandomRateableMedia(db, 'nope', 0, 2)).toEqual({ visitorId: undefined, row: undefined })
    expect(await findVisitorAndRandomRateableMedia(db, 'h1', 0, 2)).toEqual({ visitorId: 1, row: undefined })
    expect(await findVisitorAndRandomRateableMedia(db, 'h1', 0, 1)).toEqual({ visitorId: 1, row: undefined })
    expect(await findVisitorAndRandomRateableMedia(db, 'h2', 0.9999, 2)).toEqual({ visitorId: 2, row: undefined })
  })

  it('answers concurrent lookups each its own, in one statement on PostgreSQL', async () => {
    await ready
    // Statements run on the handle's client: a PostgreSQL client that counts its tagged-template calls.
    let statements = 0
    const counted =
      db.dialect === 'postgres'
        ? { ...db, sql: new Proxy(db.sql, { apply: (target, self, args) => (statements++, Reflect.apply(target, self, args)) }) }
        : db
    const answers = await Promise.all(
      (
        [
          ['h2', 0, 2],
          ['h2b', 0.9999, 2],
          ['h3', 0.9999, 3],
          ['nope', 0, 3],
          ['h1', 0, 2],
          ['h1', 0.9999, 1],
          ['h3', 0, 3],
        ] as const
      ).map(([hash, position, userId]) => findVisitorAndRandomRateableMedia(counted, hash, position, userId)),
    )
    expect(answers.map(({ visitorId, row }) => [visitorId, row?.id])).toEqual([
      [2, 1],
      [2, undefined],
      [3, 2],
      [undefined, undefined],
      [1, undefined],
      [1, undefined],
      [3, 1],
    ])
    expect(answers[2].row).toMatchObject({ mimeType: 'image/jpeg', size: 1000, variants: null, totalVotes: 1, hotVotes: 1 })
    expect(answers[2].row?.storageKey).toStartWith('media/')
    if (db.dialect === 'postgres') expect(statements).toBe(1)
  })

  it.if(TEST_DIALECT === 'postgres')('rejects every lookup of a batch whose statement fails, then answers the next', async () => {
    await ready
    // A position of 1e300 puts the probed id out of the integer range: the batch's one statement fails.
    const answers = await Promise.allSettled([
      findVisitorAndRandomRateableMedia(db, 'h2', 0, 2),
      findVisitorAndRandomRateableMedia(db, 'h3', 1e300, 3),
      findVisitorAndRandomRateableMedia(db, 'nope', 0, 2),
    ])
    expect(answers.map((a) => a.status)).toEqual(['rejected', 'rejected', 'rejected'])
    expect(await findVisitorAndRandomRateableMedia(db, 'h2', 0, 2)).toMatchObject({ visitorId: 2, row: { id: 1 } })
  })
})
