/** Minimal types for s3rver (it ships none): the S3-protocol test server used by the storage suite. */
declare module 's3rver' {
  type Options = {
    port?: number
    address?: string
    directory: string
    silent?: boolean
    configureBuckets?: { name: string; configs: unknown[] }[]
  }
  export default class S3rver {
    constructor(options: Options)
    run(): Promise<import('node:net').AddressInfo>
    close(): Promise<void>
  }
}
/** s3rver's S3 error: thrown in its middleware, answered as S3's XML error with code's status. */
declare module 's3rver/lib/models/error' {
  export default class S3Error extends Error {
    constructor(code: string, message?: string, detail?: Record<string, unknown>)
  }
}
