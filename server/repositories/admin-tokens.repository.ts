/**
 * Queries on the live admin tokens (server-contract: Admin API): only each token's SHA-256 (hex) is stored, with its
 * expiry (ISO-8601 UTC), so every instance admits a token any of them issued and a logout on one ends it on all.
 */
import { and, eq, gt, inArray, lte } from 'drizzle-orm'
import { shared, type Database } from '../db/database'

/** Stores a token's hash until expiresAt. */
export async function insertAdminToken(db: Database, tokenHash: string, expiresAt: string): Promise<void> {
  const {
    orm,
    t: { adminTokens },
  } = shared(db)
  await orm.insert(adminTokens).values({ tokenHash, expiresAt })
}

/** Whether the token of tokenHash is stored and has not expired at now. */
export async function isLiveAdminToken(db: Database, tokenHash: string, now: string): Promise<boolean> {
  const {
    orm,
    t: { adminTokens },
  } = shared(db)
  const rows = await orm
    .select({ tokenHash: adminTokens.tokenHash })
    .from(adminTokens)
    .where(and(eq(adminTokens.tokenHash, tokenHash), gt(adminTokens.expiresAt, now)))
  return rows.length > 0
}

/** Deletes the token of tokenHash (a logout); nothing happens when it is not stored. */
export async function deleteAdminToken(db: Database, tokenHash: string): Promise<void> {
  const {
    orm,
    t: { adminTokens },
  } = shared(db)
  await orm.delete(adminTokens).where(eq(adminTokens.tokenHash, tokenHash))
}

/** Deletes up to batch tokens that expired at or before now; answers how many went. */
export async function deleteExpiredAdminTokens(db: Database, now: string, batch: number): Promise<number> {
  const {
    orm,
    t: { adminTokens },
  } = shared(db)
  const expired = orm.select({ tokenHash: adminTokens.tokenHash }).from(adminTokens).where(lte(adminTokens.expiresAt, now)).limit(batch)
  return (await orm.delete(adminTokens).where(inArray(adminTokens.tokenHash, expired)).returning({ tokenHash: adminTokens.tokenHash }))
    .length
}
