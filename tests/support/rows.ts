/**
 * Rows written straight into a makeTestDeps database (its `sql`, either dialect) for the services' unit tests: users,
 * media, votes and views without going through the API. Each answers the new row's id; the vote counter triggers
 * keep media.total_votes and media.hot_votes as a real vote would.
 */
import type { RawSql } from './test-app'
import { hashSessionId } from '@server/core/session-hash'

const DAY = '2026-11-22T12:00:00.000Z'

/** A visitor: stored under the hash of sessionId as the session service stores it (else a unique tag no session hashes to), a unique username unless given. */
export async function insertUser(
  sql: RawSql,
  fields: { sessionId?: string; username?: string; email?: string; emailVerified?: boolean; createdAt?: string } = {},
): Promise<number> {
  const tag = crypto.randomUUID().replaceAll('-', '').slice(0, 16)
  const row = await sql.get<{ id: number }>(
    'insert into users (session_id, username, email, email_verified, created_at) values (?, ?, ?, ?, ?) returning id',
    fields.sessionId ? hashSessionId(fields.sessionId) : `row:${tag}`,
    fields.username ?? `user_${tag}`,
    fields.email ?? null,
    fields.emailVerified ?? false,
    fields.createdAt ?? DAY,
  )
  return row!.id
}

/** A photo item of userId (an image/jpeg of 1,000 bytes, unique key and hash) uploaded at uploadedAt. */
export async function insertMedia(sql: RawSql, userId: number, fields: { uploadedAt?: string; hiddenAt?: string } = {}): Promise<number> {
  const tag = crypto.randomUUID().replaceAll('-', '')
  const row = await sql.get<{ id: number }>(
    'insert into media (user_id, storage_key, original_name, mime_type, size, sha256, uploaded_at, hidden_at) values (?, ?, ?, ?, ?, ?, ?, ?) returning id',
    userId,
    `media/${tag}.jpg`,
    `${tag}.jpg`,
    'image/jpeg',
    1000,
    tag,
    fields.uploadedAt ?? DAY,
    fields.hiddenAt ?? null,
  )
  return row!.id
}

/** userId's vote on mediaId. */
export async function insertVote(sql: RawSql, userId: number, mediaId: number, isHot: boolean): Promise<number> {
  const row = await sql.get<{ id: number }>(
    'insert into votes (user_id, media_id, is_hot, created_at) values (?, ?, ?, ?) returning id',
    userId,
    mediaId,
    isHot,
    DAY,
  )
  return row!.id
}

/** userId's view of mediaId. */
export async function insertView(sql: RawSql, userId: number, mediaId: number): Promise<number> {
  const row = await sql.get<{ id: number }>(
    'insert into views (user_id, media_id, created_at) values (?, ?, ?) returning id',
    userId,
    mediaId,
    DAY,
  )
  return row!.id
}
