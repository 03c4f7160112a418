import { afterAll, describe, expect, it } from 'bun:test'
import { Database } from 'bun:sqlite'
import { createHash } from 'node:crypto'
import { readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { call, makeTestApp, makeVisitor, ADMIN_BASIC, TEST_DIALECT } from '../../support/test-app'
import { makeMedia } from '../../support/builders'
import { eventually } from '../../support/server-db'
import { paths } from '@contract/paths'

const t = makeTestApp()
afterAll(t.cleanup)

describe('GET /api/admin/backup', () => {
  it.if(TEST_DIALECT === 'sqlite')(
    'answers a consistent SQLite copy of the live database as a download and leaves no temp file',
    async () => {
      const v = await makeVisitor(t.app)
      await makeMedia(t.app, v, 'yellow-daisy.webp')
      const res = await t.app.handle(new Request('http://localhost/api/admin/backup', { headers: ADMIN_BASIC }))
      expect(res.status).toBe(200)
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="hotvote-backup-2026-11-22T12-00-00Z.sqlite"')
      const bytes = new Uint8Array(await res.arrayBuffer())
      expect(Number(res.headers.get('content-length'))).toBe(bytes.length)
      const file = join(t.dir, 'copy.sqlite')
      writeFileSync(file, bytes)
      const copy = new Database(file, { readonly: true })
      expect(copy.query('pragma integrity_check').get()).toEqual({ integrity_check: 'ok' })
      expect(copy.query('select username from users').all()).toEqual(await t.sql.all('select username from users'))
      expect(copy.query('select storage_key from media').all()).toEqual(await t.sql.all('select storage_key from media'))
      copy.close()
      await eventually(() => readdirSync(t.deps.tmpDir).filter((f) => f.startsWith('backup-')).length, 0)
    },
  )

  it.if(TEST_DIALECT === 'postgres')(
    'answers a pg_dump archive of the live PostgreSQL database that pg_restore reads, and leaves no temp file',
    async () => {
      const v = await makeVisitor(t.app)
      await makeMedia(t.app, v, 'yellow-daisy.webp')
      const res = await t.app.handle(new Request('http://localhost/api/admin/backup', { headers: ADMIN_BASIC }))
      expect(res.status).toBe(200)
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="hotvote-backup-2026-11-22T12-00-00Z.dump"')
      const bytes = new Uint8Array(await res.arrayBuffer())
      expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('PGDMP')
      const file = join(t.dir, 'copy.dump')
      writeFileSync(file, bytes)
      const listing = Bun.spawnSync(['pg_restore', '--list', file]).stdout.toString()
      expect(listing).toContain('TABLE DATA public users')
      expect(listing).toContain('TABLE DATA public media')
      await eventually(() => readdirSync(t.deps.tmpDir).filter((f) => f.startsWith('backup-')).length, 0)
    },
  )

  it.if(TEST_DIALECT === 'postgres')("says in one line that pg_dump is missing when it is not on the server's PATH", async () => {
    const path = process.env.PATH
    process.env.PATH = t.dir
    try {
      const r = await call(t.app, 'GET', paths.adminBackup(), undefined, { headers: ADMIN_BASIC })
      expect(r.status).toBe(501)
      expect(r.json.error).toStartWith("pg_dump is not on the server's PATH")
    } finally {
      process.env.PATH = path
    }
  })

  it('is for the admin only', async () => {
    expect((await call(t.app, 'GET', paths.adminBackup())).status).toBe(401)
  })
})

describe('GET /api/admin/list-bucket-files?checksums=true', () => {
  it('adds the SHA-256 of every item object (the stored, stripped copy), and only when asked', async () => {
    const list = await call(t.app, 'GET', '/api/admin/list-bucket-files?checksums=true', undefined, { headers: ADMIN_BASIC })
    const [item] = list.json.files as { key: string; sha256: string }[]
    const stored = await new Response((await t.deps.storage.get(item.key))!.body).bytes()
    expect(list.json.files).toEqual([
      expect.objectContaining({ key: item.key, size: stored.length, sha256: createHash('sha256').update(stored).digest('hex') }),
    ])
    expect((await call(t.app, 'GET', paths.adminBucketFiles(), undefined, { headers: ADMIN_BASIC })).json.files[0].sha256).toBeUndefined()
    expect(await call(t.app, 'GET', '/api/admin/list-bucket-files?checksums=maybe', undefined, { headers: ADMIN_BASIC })).toMatchObject({
      status: 400,
      json: { error: 'checksums must be true or false' },
    })
  })
})
