/**
 * The real client address of a request, and the key every per-address limit counts under.
 * Without TRUSTED_PROXY it is the socket's peer address and X-Forwarded-For is ignored, since anyone can send it.
 * With TRUSTED_PROXY the chain is X-Forwarded-For's addresses followed by the socket's, read from the right:
 * `hops` trusts that many proxies in front of the server, but only when the socket's peer is a private or loopback
 * address (a proxy on the same host or network); an address list trusts exactly those proxies (IPs or CIDRs), and the
 * client is the right-most address that is not one of them. Limits key IPv6 clients by their /64 (addressKey).
 */
import { BlockList, isIP } from 'node:net'
import type { TrustedProxy } from '../config'

/** What Elysia hands a handler as `server` (Bun's Server); null when the app runs through app.handle in tests. */
export type PeerSource = { requestIP(request: Request): { address: string } | null } | null | undefined

/** The address used when the socket's address is unknown (app.handle without a listening server). */
export const UNKNOWN_ADDRESS = 'unknown'

const trustLists = new WeakMap<object, BlockList>()

/** The BlockList of a list-style TRUSTED_PROXY, built once per configuration object. */
function trustListOf(trusted: { addresses: string[] }): BlockList {
  let list = trustLists.get(trusted)
  if (!list) {
    list = new BlockList()
    for (const entry of trusted.addresses) {
      const [ip, prefix] = entry.split('/')
      const family = isIP(ip) === 6 ? 'ipv6' : 'ipv4'
      if (prefix === undefined) list.addAddress(ip, family)
      else list.addSubnet(ip, Number(prefix), family)
    }
    trustLists.set(trusted, list)
  }
  return list
}

/** Peers whose X-Forwarded-For a hop-count TRUSTED_PROXY believes: loopback, private (RFC 1918, ULA) and link-local. */
const PRIVATE_NETWORKS = new BlockList()
for (const [ip, prefix] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['169.254.0.0', 16],
] as const)
  PRIVATE_NETWORKS.addSubnet(ip, prefix, 'ipv4')
for (const [ip, prefix] of [
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  PRIVATE_NETWORKS.addSubnet(ip, prefix, 'ipv6')

/** The eight 16-bit groups of an IPv6 address (a zone id dropped, an embedded IPv4 tail as two groups). */
function ipv6Groups(address: string): number[] {
  const parse = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((g) => {
          if (!g.includes('.')) return [parseInt(g, 16)]
          const [a, b, c, d] = g.split('.').map(Number)
          return [(a << 8) | b, (c << 8) | d]
        })
  const [head, tail] = address.split('%')[0].split('::')
  if (tail === undefined) return parse(head)
  const [h, t] = [parse(head), parse(tail)]
  return [...h, ...Array<number>(8 - h.length - t.length).fill(0), ...t]
}

/** An IPv4-mapped IPv6 address (::ffff:1.2.3.4, in any spelling) as plain IPv4, so limits and logs see one form. */
function plain(address: string): string {
  if (isIP(address) !== 6) return address
  const g = ipv6Groups(address)
  if (g.slice(0, 5).some(Boolean) || g[5] !== 0xffff) return address
  return [g[6] >> 8, g[6] & 255, g[7] >> 8, g[7] & 255].join('.')
}

/**
 * The key per-address limits count a client under: an IPv4 address as it is (an IPv4-mapped IPv6 address as its
 * IPv4), an IPv6 address as its /64 prefix (`2001:db8:1:2::/64`), since one subscriber usually holds a whole /64
 * and could otherwise step through its addresses. Anything else (UNKNOWN_ADDRESS) is returned unchanged.
 */
export function addressKey(address: string): string {
  const ip = plain(address)
  if (isIP(ip) !== 6) return ip
  return `${ipv6Groups(ip)
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`
}

/** Whether address is in list (a BlockList of trusted proxies or networks). */
const isTrusted = (list: BlockList, address: string) => {
  const family = isIP(address)
  return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4')
}

/**
 * The client address of request (an IP string, or UNKNOWN_ADDRESS without a socket), following trusted
 * (config.trustedProxy): see the module comment. A malformed X-Forwarded-For entry stops the walk there.
 */
export function clientAddress(server: PeerSource, request: Request, trusted: TrustedProxy | undefined): string {
  const socket = server?.requestIP(request)?.address
  if (!socket) return UNKNOWN_ADDRESS
  if (!trusted || ('hops' in trusted && !isTrusted(PRIVATE_NETWORKS, plain(socket)))) return plain(socket)
  const forwarded = (request.headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((s) => plain(s.trim()))
    .filter(Boolean)
  const chain = [...forwarded, plain(socket)]
  if ('hops' in trusted) return chain[Math.max(0, chain.length - 1 - trusted.hops)]
  const list = trustListOf(trusted)
  for (let i = chain.length - 1; i >= 0; i--) {
    if (isIP(chain[i]) === 0) return chain[Math.min(i + 1, chain.length - 1)]
    if (!isTrusted(list, chain[i])) return chain[i]
  }
  return chain[0]
}
