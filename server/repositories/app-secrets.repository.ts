/** Queries on the secrets every instance of a site shares (app_secrets), such as the hash of the generated admin password. */
import { eq } from 'drizzle-orm'
import { shared, type Database } from '../db/database'

/** Stores value under name unless a value is already there, in one statement; answers whether this call stored it. */
export async function insertAppSecretIfAbsent(db: Database, name: string, value: string, createdAt: string): Promise<boolean> {
  const {
    orm,
    t: { appSecrets },
  } = shared(db)
  const rows = await orm.insert(appSecrets).values({ name, value, createdAt }).onConflictDoNothing().returning({ name: appSecrets.name })
  return rows.length > 0
}

/** The value stored under name, or undefined. */
export async function findAppSecret(db: Database, name: string): Promise<string | undefined> {
  const {
    orm,
    t: { appSecrets },
  } = shared(db)
  const rows = await orm.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name))
  return rows[0]?.value
}
