import { describe, expect, it } from 'vitest'
import { isPublicAddress } from './address-policy'

describe('isPublicAddress', () => {
  it('accepts ordinary public addresses', () => {
    for (const a of ['93.184.216.34', '151.101.1.140', '2606:4700::6810:84e5', '::ffff:8.8.8.8']) {
      expect(isPublicAddress(a), a).toBe(true)
    }
  })

  it('refuses private, loopback, link-local, CGNAT, multicast and special ranges', () => {
    const refused = [
      ...['10.0.0.1', '172.16.5.4', '192.168.1.1', '127.0.0.1', '127.1.2.3', '0.0.0.0'],
      ...['169.254.169.254', '100.64.0.1', '224.0.0.1', '255.255.255.255', '198.18.0.1'],
      ...['::1', '::', 'fe80::1', 'fc00::1', 'fd12:3456::1', 'ff02::1'],
    ]
    for (const a of refused) expect(isPublicAddress(a), a).toBe(false)
  })

  it('refuses IPv6 forms that lead to a private IPv4 address', () => {
    const refused = ['::ffff:127.0.0.1', '::ffff:10.0.0.1', '::ffff:a9fe:a9fe', '64:ff9b::a00:1']
    for (const a of [...refused, '2002:7f00:1::', '2001:0:4136:e378::1']) {
      expect(isPublicAddress(a), a).toBe(false)
    }
  })

  it('refuses what is not an address', () => {
    for (const a of ['', 'localhost', '1.2.3', '0x7f.1']) expect(isPublicAddress(a), a).toBe(false)
  })
})
