/**
 * The real client address of a request (issue #10 Limits), the one key of every per-address limit.
 * Without TRUSTED_PROXY it is the socket's peer address and X-Forwarded-For is ignored, since anyone can send it.
 * With TRUSTED_PROXY the chain is X-Forwarded-For's addresses followed by the socket's, read from the right:
 * `hops` trusts that many proxies in front of the server; an address list trusts exactly those proxies (IPs or CIDRs),
 * and the client is the right-most address that is not one of them.
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

/** An IPv4-mapped IPv6 address (::ffff:1.2.3.4) as plain IPv4, so limits and logs see one form. */
const plain = (address: string) => address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1')

/** Whether address is one of the trusted proxies of a list. */
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
  if (!trusted) return plain(socket)
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
