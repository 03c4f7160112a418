/**
 * Bucket calls and the duplicate selection rule (admin-back-office §3 Bucket file, Duplicate scan result; §4 Bucket;
 * §7 list-bucket-files, delete-bucket-files, find-duplicates), and the near-duplicate decisions (docs/api.md:
 * near-duplicates/resolve and dismiss). Fetchers throw ApiError (401: the expired-session text).
 */
import type {
  BucketDeleteResult,
  BucketList,
  DismissNearDuplicatesAnswer,
  DuplicateGroup,
  DuplicateScan,
  ResolveNearDuplicatesAnswer,
  ResolveNearDuplicatesInput,
} from '@contract/admin/bucket'
import { paths } from '@contract/paths'
import { adminFetch, adminFetchAll } from '@client/features/admin/shell/api/admin-api'

/** Query key of the bucket list. */
export const BUCKET_FILES_KEY = ['admin', 'bucket-files'] as const

/** Every object of the bucket, read page after page, and the provider name. */
export async function listBucketFiles(): Promise<BucketList> {
  let provider = ''
  const files = await adminFetchAll(paths.adminBucketFiles, (page: BucketList) => {
    provider = page.provider
    return page.files
  })
  return { files, provider }
}

/** Deletes the objects named by keys (and their media rows). */
export const deleteBucketFiles = (filenames: string[]) =>
  adminFetch<BucketDeleteResult>(paths.adminDeleteBucketFiles(), { method: 'POST', json: { filenames } })

/** Scans the bucket for groups of possible duplicates. */
export const findDuplicates = () => adminFetch<DuplicateScan>(paths.adminFindDuplicates(), { cache: 'no-store' })

/** Keeps input.keepId and hides or deletes (input.action) the items input.ids; throws ApiError (400, 404). */
export const resolveNearDuplicates = (input: ResolveNearDuplicatesInput) =>
  adminFetch<ResolveNearDuplicatesAnswer>(paths.adminResolveNearDuplicates(), { method: 'POST', json: input })

/** Remembers the items ids (2 or more) as not duplicates of one another; throws ApiError (400, 404). */
export const dismissNearDuplicates = (ids: number[]) =>
  adminFetch<DismissNearDuplicatesAnswer>(paths.adminDismissNearDuplicates(), { method: 'POST', json: { ids } })

/**
 * The keys Select Duplicates selects (admin-back-office §4): every file of each group except its most recently
 * modified one. A file kept in one group is never selected from another, so each group keeps at least one file.
 */
export function selectDuplicateKeys(groups: DuplicateGroup[]): Set<string> {
  const newest = (g: DuplicateGroup) => g.files.reduce((a, b) => (Date.parse(b.lastModified) > Date.parse(a.lastModified) ? b : a)).key
  const kept = new Set(groups.map(newest))
  return new Set(groups.flatMap((g) => g.files.map((f) => f.key)).filter((k) => !kept.has(k)))
}
