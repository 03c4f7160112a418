/** Story (admin-back-office §2 Media): the admin media grid stays virtualised with 10,000 items. Rows go straight into SQLite. */
import { describe, expect, test } from 'bun:test'
import { useServerAndBrowser } from '../support/browser'
import { adminPage, seedUploads } from '../support/seed'
import { withServerDb } from '../support/server-db'

const app = useServerAndBrowser()

describe('admin media grid', () => {
  test('10,000 media items render only the cards in view, and scrolling reaches the oldest', async () => {
    const { ownerId } = await seedUploads(app.server, ['paint-brushes.gif'])
    withServerDb(app.server, (db) => {
      const insert = db.prepare(
        'insert into media (user_id, storage_key, original_name, mime_type, size, sha256, uploaded_at) values (?, ?, ?, ?, ?, ?, ?)',
      )
      db.transaction(() => {
        for (let i = 0; i < 10_000; i++)
          insert.run(ownerId, `bulk-${i}.jpg`, `bulk-${i}.jpg`, 'image/jpeg', 2048, String(i).padStart(64, 'e'), new Date().toISOString())
      })()
    })
    const { total, oldest } = withServerDb(
      app.server,
      (db) =>
        db
          .query<{ total: number; oldest: string }, []>(
            'select count(*) as total, (select original_name from media order by id limit 1) as oldest from media',
          )
          .get()!,
    )
    expect(total).toBeGreaterThan(10_000)
    const page = await adminPage(app)
    await page.goto(`${app.server.url}/adm/media`)
    await expect(page.getByLabel('Total Media').textContent()).resolves.toBe(`Total Media${total}`)
    const grid = page.getByRole('region', { name: 'Media items' })
    await grid.getByRole('article', { name: 'bulk-9999.jpg' }).waitFor()
    const cards = await grid.getByRole('article').count()
    expect(cards).toBeGreaterThan(2)
    expect(cards).toBeLessThan(200)
    await grid.evaluate((el) => el.scrollTo(0, el.scrollHeight))
    await grid.getByRole('article', { name: oldest }).waitFor()
    expect(await grid.getByRole('article').count()).toBeLessThan(200)
    await expect(grid.getByRole('article', { name: 'bulk-9999.jpg' }).count()).resolves.toBe(0)
    await page.context().close()
  })
})
