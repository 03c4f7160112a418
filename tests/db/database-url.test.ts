/** redactDatabaseUrl and libpqEnvironment: what a message shows of DATABASE_URL, and what pg_dump and pg_restore get. */
import { describe, expect, it } from 'bun:test'
import { libpqEnvironment, redactDatabaseUrl } from '@contract/database-url'

describe('redactDatabaseUrl', () => {
  it('replaces the password and keeps everything else', () => {
    expect(redactDatabaseUrl('postgres://hv:s%40cret@db.internal:6543/hotvote?sslmode=require')).toBe(
      'postgres://hv:***@db.internal:6543/hotvote?sslmode=require',
    )
  })

  it('leaves a URL without a password as it is', () => {
    expect(redactDatabaseUrl('postgresql://root@127.0.0.1:5432/test')).toBe('postgresql://root@127.0.0.1:5432/test')
  })

  it('throws on a malformed URL', () => {
    expect(() => redactDatabaseUrl('not a url')).toThrow(TypeError)
  })
})

describe('libpqEnvironment', () => {
  it('percent-decodes every part, so a password with reserved characters reaches libpq as written', () => {
    expect(libpqEnvironment('postgres://h%C3%A9l%C3%A8ne:p%40ss%2Fw%3Ard@db.internal:6543/hot%20vote')).toEqual({
      PGHOST: 'db.internal',
      PGPORT: '6543',
      PGUSER: 'hélène',
      PGPASSWORD: 'p@ss/w:rd',
      PGDATABASE: 'hot vote',
    })
  })

  it('leaves out what the URL does not name, so libpq uses its own defaults there', () => {
    expect(libpqEnvironment('postgres://localhost/test')).toEqual({ PGHOST: 'localhost', PGDATABASE: 'test' })
  })
})
