import { defineConfig } from 'drizzle-kit'

/** drizzle-kit generate: reads server/db/schema.ts, writes SQL migrations into drizzle/. */
export default defineConfig({
  dialect: 'sqlite',
  schema: './server/db/schema.ts',
  out: './drizzle',
})
