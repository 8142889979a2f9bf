import { BlockList, isIP } from 'node:net'
import type { Config } from '../config'

/**
 * The address each request came from, as the socket saw it. Bun.serve knows it, but the app is
 * called as `app.handle(request)`, where Elysia's `server` is null; so the server records it here.
 */
const peers = new WeakMap<Request, string>()

export function rememberPeer(request: Request, address: string | undefined): void {
  if (address) peers.set(request, address)
}

/** The connection's address recorded for `request`, if any (to carry it onto a rewritten request). */
export function peerOf(request: Request): string | undefined {
  return peers.get(request)
}

const withoutIpv4Prefix = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '')

function familyOf(address: string): 'ipv4' | 'ipv6' | null {
  const family = isIP(address)
  return family === 4 ? 'ipv4' : family === 6 ? 'ipv6' : null
}

const proxyLists = new WeakMap<string[], BlockList>()

function proxyList(cidrs: string[]): BlockList {
  let list = proxyLists.get(cidrs)
  if (!list) {
    list = new BlockList()
    for (const cidr of cidrs) {
      const [address, bits] = cidr.split('/') as [string, string]
      list.addSubnet(address, Number(bits), familyOf(address)!)
    }
    proxyLists.set(cidrs, list)
  }
  return list
}

/** Whether an address is one of the configured reverse proxies (TRUST_PROXY). */
export function isTrustedProxy(address: string, config: Pick<Config, 'trustedProxies'>): boolean {
  const family = familyOf(address)
  return family !== null && config.trustedProxies.length > 0 && proxyList(config.trustedProxies).check(address, family)
}

/**
 * The caller's address. X-Forwarded-For is believed only when the connection comes from a configured
 * proxy; then the header is read from the right, past any further trusted proxies, to the first
 * address no proxy of ours vouches for. Anything left of that was written by the client and can be forged.
 */
export function clientAddress(request: Request, config: Pick<Config, 'trustedProxies'>): string {
  let address = withoutIpv4Prefix(peers.get(request) ?? 'unknown')
  if (!isTrustedProxy(address, config)) return address
  const forwarded =
    request.headers
      .get('x-forwarded-for')
      ?.split(',')
      .map((entry) => withoutIpv4Prefix(entry.trim())) ?? []
  while (forwarded.length > 0 && isTrustedProxy(address, config)) {
    const next = forwarded.pop()!
    if (!familyOf(next)) return address
    address = next
  }
  return address
}

/** Whether the request's connection comes from a configured proxy (so its X-Forwarded-* headers may be read). */
export function fromTrustedProxy(request: Request, config: Pick<Config, 'trustedProxies'>): boolean {
  return isTrustedProxy(withoutIpv4Prefix(peers.get(request) ?? ''), config)
}

/** The 16-bit groups of an IPv6 address, `::` expanded (an embedded IPv4 tail counts as two). */
function ipv6Groups(address: string): string[] {
  const groupsOf = (part: string) => (part ? part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group])) : [])
  const [head = '', tail] = address.split('%')[0]!.split('::')
  const before = groupsOf(head)
  if (tail === undefined) return before
  const after = groupsOf(tail)
  return [...before, ...Array<string>(Math.max(0, 8 - before.length - after.length)).fill('0'), ...after]
}

/**
 * Whom a limit counts (failed logins, contact messages): an IPv4 address, or an IPv6 address's /64.
 * One IPv6 host is usually handed a whole /64, so counting single IPv6 addresses would give one
 * client billions of fresh allowances.
 */
export function limitKeyOf(address: string): string {
  if (familyOf(address) !== 'ipv6') return address
  return `${ipv6Groups(address)
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`
}
