import { isIP } from 'node:net'
import ipaddr from 'ipaddr.js'

/**
 * Whether an address is an ordinary public one, the only kind a download may connect to.
 * ipaddr.js names every special range; anything but 'unicast' is refused: private, loopback,
 * link-local (cloud metadata at 169.254.169.254), carrier-grade NAT, multicast, broadcast,
 * reserved, unique-local, and the IPv6 forms that lead to an IPv4 address (NAT64, 6to4,
 * Teredo). IPv4-mapped IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address it is. Only
 * canonical forms count (ipaddr.js alone would also read '1.2.3' or hex parts).
 */
export function isPublicAddress(address: string): boolean {
  if (isIP(address) === 0) return false
  return ipaddr.process(address).range() === 'unicast'
}
