import { defineConfig } from 'drizzle-kit'

/** drizzle-kit generate for SQLite: reads server/db/schema.ts, writes SQL migrations into drizzle/sqlite/. */
export default defineConfig({
  dialect: 'sqlite',
  schema: './server/db/schema.ts',
  out: './drizzle/sqlite',
})
