import { describe, expect, it } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const S3_MODULES = /@tus\/s3-store|@aws-sdk\/client-s3/

/** In a fresh bun, creates the resumable store for storage and answers the loaded modules that belong to S3. */
function s3ModulesLoadedFor(storage: object): string[] {
  const dataDir = mkdtempSync(join(tmpdir(), 'hotvote-tus-store-'))
  try {
    const script = `
      const { createResumableStore } = await import(${JSON.stringify(join(import.meta.dir, 'tus-datastore.ts'))})
      createResumableStore({ dataDir: ${JSON.stringify(dataDir)}, storage: ${JSON.stringify(storage)} }, 3600000)
      console.log(JSON.stringify(Object.keys(require.cache).filter((k) => ${S3_MODULES}.test(k))))`
    const run = Bun.spawnSync([process.execPath, '-e', script], { stderr: 'pipe' })
    expect(run.stderr.toString()).toBe('')
    return JSON.parse(run.stdout.toString())
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

describe('createResumableStore', () => {
  it('never loads @tus/s3-store or the S3 client for the filesystem bucket', () => {
    expect(s3ModulesLoadedFor({ kind: 'fs' })).toEqual([])
  })

  it('loads @tus/s3-store for an S3 bucket', () => {
    const s3 = { kind: 's3', bucket: 'b', endpoint: 'http://127.0.0.1:1', region: 'us-east-1', forcePathStyle: true }
    expect(s3ModulesLoadedFor(s3).length).toBeGreaterThan(0)
  })
})
