import { BlockList, isIP } from 'node:net'

/**
 * Addresses a link in a chat must never make the app fetch: the machine itself, its local network
 * and the special ranges around them. A media URL comes from a customer's message, so fetching it
 * blindly would let anyone who can write to the workspace probe the operator's LAN, a router's
 * admin page or a cloud metadata service (169.254.169.254) from inside.
 */
const IPV4_RANGES: [string, number][] = [
  ['0.0.0.0', 8], // "this network"; 0.0.0.0 reaches the local machine on most systems
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT, shared address space
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
]

const IPV6_RANGES: [string, number][] = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique local (the IPv6 private range)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated, still routed inside some networks)
  ['ff00::', 8], // multicast
]

const internal = new BlockList()
for (const [net, prefix] of IPV4_RANGES) internal.addSubnet(net, prefix, 'ipv4')
for (const [net, prefix] of IPV6_RANGES) internal.addSubnet(net, prefix, 'ipv6')

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part included). */
function groupsOf(address: string): number[] | null {
  let text = address
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)
  if (dotted) {
    const bytes = dotted[1].split('.').map(Number)
    text = `${text.slice(0, dotted.index)}${((bytes[0] << 8) | bytes[1]).toString(16)}:${((bytes[2] << 8) | bytes[3]).toString(16)}`
  }
  const [head, tail] = text.split('::')
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : [])
  const front = part(head)
  const back = part(tail)
  const groups =
    tail === undefined ? front : [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back]
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null
}

const ipv4Of = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`

/**
 * The IPv4 address an IPv6 address carries and reaches: IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible
 * (::a.b.c.d), NAT64 (64:ff9b::a.b.c.d) and 6to4 (2002:aabb:ccdd::).
 */
function embeddedIpv4(groups: number[]): string | null {
  const zeros = (from: number, to: number) => groups.slice(from, to).every((g) => g === 0)
  if (zeros(0, 5) && (groups[5] === 0xffff || groups[5] === 0)) return ipv4Of(groups[6], groups[7])
  if (groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6)) return ipv4Of(groups[6], groups[7])
  if (groups[0] === 0x2002) return ipv4Of(groups[1], groups[2])
  return null
}

/**
 * Whether an IP address (v4 or v6, as `dns.lookup` or a URL gives it, brackets and zone allowed) is
 * internal: loopback, private, link-local or another range that is not the public internet. Anything
 * that is not an IP address at all counts as internal too: the caller asked about an address.
 */
export function isInternalAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '')
  const family = isIP(bare)
  if (family === 4) return internal.check(bare, 'ipv4')
  if (family !== 6) return true
  if (internal.check(bare, 'ipv6')) return true
  const groups = groupsOf(bare.toLowerCase())
  if (!groups) return true
  const v4 = embeddedIpv4(groups)
  return v4 !== null && internal.check(v4, 'ipv4')
}
