import { describe, expect, it } from 'bun:test'
import { Database } from 'bun:sqlite'
import { closeDatabase } from '../db/open'
import { shutDown } from './shutdown'

describe('shutDown', () => {
  it('cuts the connections still open when the grace period ends, then closes the database', async () => {
    const calls: boolean[] = []
    // stop(false) never settles, as with a client that keeps its upload open.
    const server = { stop: (force?: boolean) => (calls.push(Boolean(force)), force ? Promise.resolve() : new Promise<void>(() => {})) }
    const sqlite = new Database(':memory:')
    const lines: string[] = []
    await shutDown({ server, closeDatabase: async () => closeDatabase(sqlite) }, 20, (line) => lines.push(line))
    expect(calls).toEqual([false, true])
    expect(lines).toEqual(['requests still running after 20 ms: closing their connections'])
    expect(() => sqlite.query('select 1').get()).toThrow()
  })

  it('waits for requests in flight and cuts nothing when they finish in time', async () => {
    const calls: boolean[] = []
    const server = { stop: (force?: boolean) => (calls.push(Boolean(force)), Promise.resolve()) }
    const sqlite = new Database(':memory:')
    await shutDown({ server, closeDatabase: async () => closeDatabase(sqlite) }, 1000, () => {})
    expect(calls).toEqual([false])
  })
})
