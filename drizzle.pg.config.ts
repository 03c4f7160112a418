import { defineConfig } from 'drizzle-kit'

/** drizzle-kit generate for PostgreSQL: reads server/db/schema.pg.ts, writes SQL migrations into drizzle/pg/. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.pg.ts',
  out: './drizzle/pg',
})
