/**
 * Bucket calls and the duplicate selection rule (admin-back-office §3 Bucket file, Duplicate scan result; §4 Bucket;
 * §7 list-bucket-files, delete-bucket-files, find-duplicates). Fetchers throw ApiError (401: the expired-session text).
 */
import { adminFetch } from './admin-api'

/** One object: key, size in bytes, lastModified ISO-8601 UTC. */
export type BucketFile = { key: string; size: number; lastModified: string }
/** GET /api/admin/list-bucket-files. */
export type BucketList = { files: BucketFile[]; provider: string }
/** POST /api/admin/delete-bucket-files: deleted count, one error line per refused key. */
export type DeleteResult = { message: string; deleted: number; errors: string[] }
/** One group of possible duplicates: type (hash, size or name-similarity), what they share, and the files. */
export type DuplicateGroup = { type: string; criteria: string; files: BucketFile[] }
/** GET /api/admin/find-duplicates. */
export type DuplicateScan = { success: boolean; provider: string; totalFiles: number; duplicateGroups: DuplicateGroup[]; totalDuplicateFiles: number; potentialDeletions: number; message: string }

/** Query key of the bucket list. */
export const BUCKET_FILES_KEY = ['admin', 'bucket-files'] as const

/** Every object of the bucket and the provider name. */
export const listBucketFiles = () => adminFetch<BucketList>('/api/admin/list-bucket-files', { cache: 'no-store' })

/** Deletes the objects named by keys (and their media rows). */
export const deleteBucketFiles = (filenames: string[]) => adminFetch<DeleteResult>('/api/admin/delete-bucket-files', { method: 'POST', json: { filenames } })

/** Scans the bucket for groups of possible duplicates. */
export const findDuplicates = () => adminFetch<DuplicateScan>('/api/admin/find-duplicates', { cache: 'no-store' })

/**
 * The keys Select Duplicates selects (admin-back-office §4): every file of each group except its most recently
 * modified one. A file kept in one group is never selected from another, so each group keeps at least one file.
 */
export function selectDuplicateKeys(groups: DuplicateGroup[]): Set<string> {
  const newest = (g: DuplicateGroup) => g.files.reduce((a, b) => (Date.parse(b.lastModified) > Date.parse(a.lastModified) ? b : a)).key
  const kept = new Set(groups.map(newest))
  return new Set(groups.flatMap((g) => g.files.map((f) => f.key)).filter((k) => !kept.has(k)))
}
