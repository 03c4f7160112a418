/** Queries on the secrets every instance of a site shares (app_secrets), such as the hash of the generated admin password. */
import { eq } from 'drizzle-orm'
import type { Db } from '../db/open'
import { appSecrets } from '../db/schema'

/** Stores value under name unless a value is already there, in one statement; answers whether this call stored it. */
export async function insertAppSecretIfAbsent(db: Db, name: string, value: string, createdAt: string): Promise<boolean> {
  const rows = await db.insert(appSecrets).values({ name, value, createdAt }).onConflictDoNothing().returning({ name: appSecrets.name })
  return rows.length > 0
}

/** The value stored under name, or undefined. */
export async function findAppSecret(db: Db, name: string): Promise<string | undefined> {
  const rows = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name))
  return rows[0]?.value
}
