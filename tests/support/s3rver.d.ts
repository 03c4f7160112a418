/** Minimal types for s3rver (it ships none): the S3-protocol test server used by the storage suite. */
declare module 's3rver' {
  type Options = { port?: number; address?: string; directory: string; silent?: boolean; configureBuckets?: { name: string; configs: unknown[] }[] }
  export default class S3rver {
    constructor(options: Options)
    run(): Promise<import('node:net').AddressInfo>
    close(): Promise<void>
  }
}
