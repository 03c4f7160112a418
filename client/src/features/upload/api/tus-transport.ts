/**
 * What tus-js-client needs to run the same in a window, the service worker and bun: an HTTP stack over fetch
 * (a service worker has no XMLHttpRequest, which tus-js-client's browser stack uses) and a file reader that slices a
 * Blob (its Node build reads Buffers and streams only). Progress comes from the server's confirmed offsets
 * (onChunkComplete), so the stack reports no bytes-in-flight progress.
 */
import type { HttpRequest, HttpResponse, HttpStack, Upload } from 'tus-js-client'

type TusOptions = ConstructorParameters<typeof Upload>[1]
/** What the HTTP stack calls to send a request (the global fetch, or a test's). */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>
/** tus-js-client's file reader interface. */
export type TusFileReader = NonNullable<TusOptions['fileReader']>

/** An answer read whole: status, headers and body text. */
class FetchResponse implements HttpResponse {
  constructor(
    private readonly res: Response,
    private readonly body: string,
  ) {}
  getStatus() {
    return this.res.status
  }
  getHeader(name: string) {
    return this.res.headers.get(name) ?? undefined
  }
  getBody() {
    return this.body
  }
  getUnderlyingObject() {
    return this.res
  }
}

/** One request; abort() cancels it through an AbortController, and send() then rejects. */
class FetchRequest implements HttpRequest {
  private readonly headers: Record<string, string> = {}
  private readonly controller = new AbortController()
  constructor(
    private readonly method: string,
    private readonly url: string,
    private readonly fetchImpl: FetchLike,
  ) {}
  getMethod() {
    return this.method
  }
  getURL() {
    return this.url
  }
  setHeader(name: string, value: string) {
    this.headers[name] = value
  }
  getHeader(name: string) {
    return this.headers[name]
  }
  setProgressHandler() {}
  async send(body: Blob | null = null): Promise<HttpResponse> {
    const res = await this.fetchImpl(this.url, {
      method: this.method,
      headers: this.headers,
      body,
      credentials: 'same-origin',
      signal: this.controller.signal,
    })
    return new FetchResponse(res, await res.text())
  }
  abort() {
    this.controller.abort()
    return Promise.resolve()
  }
  getUnderlyingObject() {
    return this.controller
  }
}

/** A tus-js-client HTTP stack over fetchImpl (default: the global fetch, looked up at each request). */
export function fetchHttpStack(fetchImpl: FetchLike = (url, init) => fetch(url, init)): HttpStack {
  return { createRequest: (method, url) => new FetchRequest(method, url, fetchImpl), getName: () => 'FetchHttpStack' }
}

/** A tus-js-client file reader over a Blob: slices are Blobs, so a chunk is read from IndexedDB's copy only when sent. */
export const blobFileReader: TusFileReader = {
  async openFile(blob: Blob) {
    return {
      size: blob.size,
      slice: async (start: number, end: number) => ({ value: blob.slice(start, end), done: end >= blob.size }),
      close() {},
    }
  },
}
