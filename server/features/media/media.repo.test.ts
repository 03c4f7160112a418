import { describe, expect, it } from 'bun:test'
import { openDatabase } from '../../db/open'
import { mediaIdRange } from './media.repo'

describe('mediaIdRange', () => {
  it('gives nulls for no media and the smallest and largest id otherwise', () => {
    const { db, sqlite } = openDatabase(':memory:')
    expect(mediaIdRange(db)).toEqual({ min: null, max: null })
    sqlite.run("insert into users (session_id, username, created_at) values ('s', 'u', 'now')")
    for (const id of [4, 9, 17]) sqlite.run("insert into media (id, user_id, storage_key, original_name, mime_type, size, sha256, uploaded_at) values (?, 1, ?, 'x', 'image/jpeg', 1, ?, 'now')", [id, `k${id}`, `h${id}`])
    // Sampling depends on real numbers here: a wrong shape silently sends every pick to the slow exact query.
    expect(mediaIdRange(db)).toEqual({ min: 4, max: 17 })
  })
})
