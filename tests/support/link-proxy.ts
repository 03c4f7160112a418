/**
 * A bad mobile link for browser tests: a TCP proxy on loopback in front of a test server that throttles what the
 * browser sends, counts those bytes (request heads and bodies), and can drop every open connection once a given
 * number more have passed (the server keeps what arrived before the cut, as over a real dropped link).
 */
import { createServer, connect, type Socket } from 'node:net'

/** A running proxy: url to open in the browser, sentBytes so far, cutAfter(n) arms a cut, stop() closes it. */
export type LinkProxy = { url: string; sentBytes(): number; cutAfter(bytes: number): Promise<void>; cuts(): number; stop(): Promise<void> }

/** Starts a proxy to 127.0.0.1:targetPort passing at most bytesPerSecond upstream (default unthrottled). */
export async function startLinkProxy(targetPort: number, bytesPerSecond = Number.POSITIVE_INFINITY): Promise<LinkProxy> {
  let sent = 0
  let cutAt: number | undefined
  let cutDone: (() => void) | undefined
  let cutCount = 0
  /** The open connections: browser side and server side. */
  const open = new Map<Socket, Socket>()

  /** Drops every connection: the server's side ends after what arrived, the browser's is destroyed. */
  function cutAll(): void {
    for (const [client, upstream] of open) upstream.end(), client.destroy()
    open.clear()
    cutCount++
    cutAt = undefined
    cutDone?.()
  }

  const server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1')
    open.set(client, upstream)
    const close = () => {
      open.delete(client)
      client.destroy()
      upstream.end()
    }
    client.on('data', (data: Buffer) => {
      // Bytes a dropped connection had already read are gone with it.
      if (!open.has(client)) return
      const room = cutAt === undefined ? data.length : Math.min(data.length, cutAt - sent)
      upstream.write(data.subarray(0, room))
      sent += room
      if (room < data.length || sent === cutAt) return cutAll()
      if (Number.isFinite(bytesPerSecond)) {
        client.pause()
        setTimeout(() => client.resume(), (data.length / bytesPerSecond) * 1000)
      }
    })
    upstream.on('data', (data: Buffer) => client.write(data))
    upstream.on('end', close)
    upstream.on('error', close)
    client.on('end', close)
    client.on('error', close)
    client.on('close', close)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as { port: number }).port
  return {
    url: `http://127.0.0.1:${port}`,
    sentBytes: () => sent,
    cuts: () => cutCount,
    cutAfter(bytes) {
      cutAt = sent + bytes
      return new Promise((resolve) => (cutDone = resolve))
    },
    async stop() {
      for (const [client, upstream] of open) client.destroy(), upstream.destroy()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
