/**
 * A TCP proxy on 127.0.0.1 in front of a server that drops connections as a bad mobile link does: each time the bytes
 * it has carried from clients to the server reach the next multiple of dropEveryBytes (or once, at dropOnceAt, or
 * dropAfter(n) bytes from now), it forwards up to that byte and cuts the connection. It counts the bytes clients sent
 * through it, and with bytesPerSecond passes them no faster than that (a slow uplink, so a test can act mid-upload).
 */
import net from 'node:net'

/**
 * A running proxy: its URL (http://127.0.0.1:port), the bytes carried upstream so far, drops so far, dropAfter(n) (arms
 * a drop n bytes from now; resolves when it happened), and stop().
 */
export type FlakyProxy = { url: string; bytesUp(): number; drops(): number; dropAfter(bytes: number): Promise<void>; stop(): void }

/** Starts a proxy to targetPort on 127.0.0.1 that drops and throttles as above (no option: never drops, full speed). */
export async function startFlakyProxy(
  targetPort: number,
  opts: { dropEveryBytes?: number; dropOnceAt?: number; bytesPerSecond?: number },
): Promise<FlakyProxy> {
  let carried = 0
  let drops = 0
  let nextDrop = opts.dropEveryBytes ?? opts.dropOnceAt ?? Infinity
  let onDrop: (() => void) | undefined
  const sockets = new Set<net.Socket>()
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, '127.0.0.1')
    for (const s of [client, upstream]) sockets.add(s), s.on('close', () => sockets.delete(s))
    const cut = () => (client.destroy(), upstream.destroy())
    client.on('data', (chunk: Buffer) => {
      if (carried + chunk.length < nextDrop) {
        carried += chunk.length
        upstream.write(chunk)
        if (opts.bytesPerSecond) client.pause(), setTimeout(() => client.resume(), (chunk.length / opts.bytesPerSecond) * 1000)
        return
      }
      const part = nextDrop - carried
      carried += part
      drops++
      nextDrop = opts.dropEveryBytes ? nextDrop + opts.dropEveryBytes : Infinity
      upstream.write(chunk.subarray(0, part), cut)
      onDrop?.()
    })
    upstream.pipe(client)
    client.on('error', cut)
    upstream.on('error', cut)
    client.on('end', () => upstream.end())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    bytesUp: () => carried,
    drops: () => drops,
    dropAfter(bytes) {
      nextDrop = carried + bytes
      return new Promise((resolve) => (onDrop = resolve))
    },
    stop: () => {
      for (const s of sockets) s.destroy()
      server.close()
    },
  }
}
