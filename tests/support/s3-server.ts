/**
 * A real S3-protocol server for tests: s3rver on a loopback port with one bucket in a temp folder, and the
 * S3 settings that reach it (as createS3Storage options and as the server's S3_* environment).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import S3rver from 's3rver'

/** A running s3rver: the server, its endpoint URL, the bucket's S3 options and environment, and stop() (closes it, removes its folder). */
export type TestS3 = {
  server: S3rver
  endpoint: string
  storageOptions: {
    endpoint: string
    region: string
    bucket: string
    accessKeyId: string
    secretAccessKey: string
    forcePathStyle: boolean
  }
  env: Record<string, string>
  stop(): Promise<void>
}

/** Starts s3rver with bucket on a free loopback port; prepare(server) runs before it listens (e.g. to add routes). */
export async function startS3rver(bucket: string, prepare?: (server: S3rver) => void): Promise<TestS3> {
  const dir = mkdtempSync(join(tmpdir(), 'hotvote-s3rver-'))
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory: dir,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  })
  prepare?.(server)
  const endpoint = `http://127.0.0.1:${((await server.run()) as AddressInfo).port}`
  return {
    server,
    endpoint,
    storageOptions: { endpoint, region: 'us-east-1', bucket, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true },
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    stop: async () => {
      await server.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
