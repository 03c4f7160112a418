/**
 * Story (admin-back-office §2 Bucket Management: duplicate detection, Media; docs/media-pipeline.md > Near duplicates):
 * the admin finds a re-encoded, resized copy of a photo as a near duplicate beside the exact groups, keeps the
 * original and hides the copy in one action (and can show it again from the media list), or keeps a copy and deletes
 * the original; a pair the admin calls Not duplicates leaves the list for good.
 */
import { describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import type { Locator, Page } from 'playwright-core'
import sharp from 'sharp'
import type { AdminMedia } from '@contract/admin/data'
import type { DuplicateScan } from '@contract/admin/bucket'
import { paths } from '@contract/paths'
import { FIXTURES, useServerAndBrowser } from '../support/browser'
import { adminGet, adminPage, seedUploads } from '../support/seed'
import { expectNoSeriousViolations } from '../support/accessibility'

const app = useServerAndBrowser()

/** fixture resized to width px and re-encoded as JPEG quality 60, as a File named name. */
async function reencodedCopy(fixture: string, width: number, name: string): Promise<File> {
  const bytes = await sharp(join(FIXTURES, fixture)).resize(width).jpeg({ quality: 60 }).toBuffer()
  return new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' })
}

/** Opens Bucket Management, runs Find Duplicates and waits for the Near duplicates section of the answer. */
async function findDuplicates(page: Page): Promise<Locator> {
  await page.goto(`${app.server.url}/adm/bucket`)
  await page.getByRole('button', { name: 'Find Duplicates' }).click()
  const near = page.getByRole('region', { name: 'Near duplicates' })
  await near.waitFor()
  return near
}

/** Waits until the img inside locator has loaded a picture. */
async function waitForPicture(page: Page, locator: Locator) {
  await page.waitForFunction(
    (img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0,
    await locator.elementHandle(),
  )
}

describe('admin near duplicates', () => {
  test('a resized, re-encoded copy groups with its original; keeping the original hides the copy', async () => {
    const copy = await reencodedCopy('tabby-cat.png', 200, 'tabby-cat-repost.jpg')
    const {
      mediaIds: [originalId, copyId, unrelatedId],
    } = await seedUploads(app.server, ['tabby-cat.png', copy, 'yellow-daisy.webp'])
    const page = await adminPage(app)

    await page.goto(`${app.server.url}/adm/media`)
    await expect(page.getByLabel('Near Copies', { exact: true }).textContent()).resolves.toBe('Near Copies1')
    await page.getByRole('switch', { name: 'Near copies only' }).click()
    const grid = page.getByRole('region', { name: 'Media items' })
    const copyCard = grid.getByRole('article', { name: 'tabby-cat-repost.jpg' })
    await copyCard.getByText(`Near copy of #${originalId}`).waitFor()
    await expect(grid.getByRole('article').count()).resolves.toBe(1)

    const near = await findDuplicates(page)
    const group = near.getByRole('listitem', { name: 'Near-duplicate group 1' })
    const original = group.getByRole('listitem', { name: `tabby-cat.png (#${originalId})` })
    const repost = group.getByRole('listitem', { name: `tabby-cat-repost.jpg (#${copyId})` })
    await original.getByText('Oldest').waitFor()
    await repost.getByText(/\d+ bits from the oldest/).waitFor()
    await expect(group.getByRole('listitem', { name: new RegExp(`#${unrelatedId}\\)`) }).count()).resolves.toBe(0)
    await expect(near.getByRole('listitem', { name: /^Near-duplicate group/ }).count()).resolves.toBe(1)
    await waitForPicture(page, original.getByRole('img', { name: 'tabby-cat.png' }))
    await waitForPicture(page, repost.getByRole('img', { name: 'tabby-cat-repost.jpg' }))
    await expect(group.getByRole('radio', { name: `Keep tabby-cat.png (#${originalId})` }).isChecked()).resolves.toBe(true)
    await expect(repost.getByText('Hidden').count()).resolves.toBe(0)
    await expectNoSeriousViolations(page, 'near-duplicate group')

    await group.getByRole('button', { name: 'Keep selected, hide others' }).click()
    const confirm = group.getByRole('group', { name: 'Confirm keep one' })
    await confirm.getByText('Keep tabby-cat.png and hide the other 1 from rating?').waitFor()
    await expectNoSeriousViolations(page, 'keep-one confirmation')
    await confirm.getByRole('button', { name: 'Confirm' }).click()
    await group.getByRole('status').getByText(`Kept ${originalId}; Hid 1 near copies`).waitFor()
    await repost.getByText('Hidden').waitFor()
    await original.getByText('Kept').waitFor()
    await expect(original.getByText('Hidden').count()).resolves.toBe(0)

    const media = await adminGet<AdminMedia[]>(app.server, paths.adminMedia())
    const state = (id: number) => media.find((m) => m.id === id)
    expect(state(copyId)).toMatchObject({ hidden: true, nearDuplicateOf: null })
    expect(state(originalId)).toMatchObject({ hidden: false, nearDuplicateOf: null })
    expect(state(unrelatedId)).toMatchObject({ hidden: false })
    expect((await adminGet<DuplicateScan>(app.server, paths.adminFindDuplicates())).nearDuplicateGroups).toEqual([])

    await page.goto(`${app.server.url}/adm/media`)
    const hiddenCard = page.getByRole('region', { name: 'Media items' }).getByRole('article', { name: 'tabby-cat-repost.jpg' })
    await hiddenCard.getByText('Hidden as a copy', { exact: true }).waitFor()
    await expect(page.getByLabel('Near Copies', { exact: true }).textContent()).resolves.toBe('Near Copies0')

    // The admin changes their mind: Show again puts the copy back into rating.
    await hiddenCard.getByRole('button', { name: 'Show again' }).click()
    await page.getByText(`Media ${copyId} is shown again`, { exact: true }).waitFor()
    await hiddenCard.getByRole('button', { name: 'Show again' }).waitFor({ state: 'detached' })
    await expect(hiddenCard.getByText(/^Hidden/).count()).resolves.toBe(0)
    expect((await adminGet<AdminMedia[]>(app.server, paths.adminMedia())).find((m) => m.id === copyId)).toMatchObject({
      hidden: false,
      hiddenAsCopy: false,
    })
    await page.context().close()
  })

  test('the admin keeps the copy instead of the oldest and deletes the original', async () => {
    const copy = await reencodedCopy('storm-over-highway.jpg', 320, 'storm-repost.jpg')
    const {
      mediaIds: [originalId, copyId],
    } = await seedUploads(app.server, ['storm-over-highway.jpg', copy])
    const page = await adminPage(app)
    const near = await findDuplicates(page)
    const group = near.getByRole('listitem', { name: /^Near-duplicate group/ })
    const original = group.getByRole('listitem', { name: `storm-over-highway.jpg (#${originalId})` })
    await original.getByText('Oldest').waitFor()
    await group.getByRole('radio', { name: `Keep storm-repost.jpg (#${copyId})` }).check()
    await group.getByRole('button', { name: 'Keep selected, delete others' }).click()
    const confirm = group.getByRole('group', { name: 'Confirm keep one' })
    await confirm.getByText('Keep storm-repost.jpg and delete the other 1 with their votes and views? This cannot be undone.').waitFor()
    await confirm.getByRole('button', { name: 'Confirm' }).click()
    await group.getByRole('status').getByText(`Kept ${copyId}; Deleted 1 near copies`).waitFor()
    await expect(original.count()).resolves.toBe(0)
    await group
      .getByRole('listitem', { name: `storm-repost.jpg (#${copyId})` })
      .getByText('Kept')
      .waitFor()

    const media = await adminGet<AdminMedia[]>(app.server, paths.adminMedia())
    expect(media.find((m) => m.id === originalId)).toBeUndefined()
    expect(media.find((m) => m.id === copyId)).toMatchObject({ hidden: false, nearDuplicateOf: null })
    await page.context().close()
  })

  test('a pair dismissed as Not duplicates is gone, also after a reload', async () => {
    const copy = await reencodedCopy('red-marigold.webp', 240, 'marigold-repost.jpg')
    const {
      mediaIds: [originalId, copyId],
    } = await seedUploads(app.server, ['red-marigold.webp', copy])
    const page = await adminPage(app)
    const near = await findDuplicates(page)
    const group = near.getByRole('listitem', { name: /^Near-duplicate group/ })
    await group.getByRole('listitem', { name: `red-marigold.webp (#${originalId})` }).waitFor()
    await group.getByRole('listitem', { name: `marigold-repost.jpg (#${copyId})` }).waitFor()
    await expect(group.count()).resolves.toBe(1)

    await group.getByRole('button', { name: 'Not duplicates' }).click()
    await near.getByRole('status').getByText('Dismissed a group of 2 items').waitFor()
    await expect(group.count()).resolves.toBe(0)

    await page.reload()
    const again = await findDuplicates(page)
    await again.getByText('No near duplicates within 10 bits').waitFor()
    await expect(again.getByText('marigold-repost.jpg').count()).resolves.toBe(0)
    const media = await adminGet<AdminMedia[]>(app.server, paths.adminMedia())
    expect(media.find((m) => m.id === copyId)).toMatchObject({ hidden: false, nearDuplicateOf: null })
    await page.context().close()
  })
})
