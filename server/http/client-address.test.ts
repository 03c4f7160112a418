import { describe, expect, it } from 'bun:test'
import { addressKey, clientAddress, UNKNOWN_ADDRESS } from './client-address'
import { loadConfig } from '../config'

const peer = (address: string) => ({ requestIP: () => ({ address }) })
const withXff = (xff?: string) => new Request('http://localhost/', { headers: xff ? { 'x-forwarded-for': xff } : {} })
const trusted = (value: string) => loadConfig({ TRUSTED_PROXY: value }).trustedProxy

describe('clientAddress', () => {
  it('uses the socket address and ignores X-Forwarded-For without TRUSTED_PROXY', () => {
    expect(clientAddress(peer('::ffff:10.0.0.5'), withXff('1.2.3.4'), undefined)).toBe('10.0.0.5')
    expect(clientAddress(null, withXff('1.2.3.4'), undefined)).toBe(UNKNOWN_ADDRESS)
  })

  it('believes as many hops as TRUSTED_PROXY counts, never more than the chain holds', () => {
    expect(clientAddress(peer('10.0.0.1'), withXff('6.6.6.6, 1.2.3.4'), trusted('1'))).toBe('1.2.3.4')
    expect(clientAddress(peer('10.0.0.1'), withXff('6.6.6.6, 1.2.3.4, 10.0.0.2'), trusted('2'))).toBe('1.2.3.4')
    expect(clientAddress(peer('10.0.0.1'), withXff(), trusted('3'))).toBe('10.0.0.1')
    expect(clientAddress(peer('::1'), withXff('1.2.3.4'), trusted('1'))).toBe('1.2.3.4')
    expect(clientAddress(peer('fd00::7'), withXff('1.2.3.4'), trusted('1'))).toBe('1.2.3.4')
    expect(clientAddress(peer('::ffff:192.168.1.2'), withXff('1.2.3.4'), trusted('1'))).toBe('1.2.3.4')
  })

  it('ignores a spoofed X-Forwarded-For under a hop count when the peer is a public address, not a proxy', () => {
    expect(clientAddress(peer('198.51.100.9'), withXff('1.2.3.4'), trusted('1'))).toBe('198.51.100.9')
    expect(clientAddress(peer('2001:db8::9'), withXff('1.2.3.4'), trusted('2'))).toBe('2001:db8::9')
    expect(clientAddress(peer('172.32.0.1'), withXff('1.2.3.4'), trusted('1'))).toBe('172.32.0.1')
  })

  it('takes the right-most address that is not a listed proxy', () => {
    const list = trusted('10.0.0.0/8, ::1')
    expect(clientAddress(peer('10.0.0.1'), withXff('6.6.6.6, 1.2.3.4, 10.9.9.9'), list)).toBe('1.2.3.4')
    expect(clientAddress(peer('::1'), withXff('1.2.3.4'), list)).toBe('1.2.3.4')
    expect(clientAddress(peer('192.0.2.1'), withXff('1.2.3.4'), list)).toBe('192.0.2.1')
    expect(clientAddress(peer('10.0.0.1'), withXff('garbage'), list)).toBe('10.0.0.1')
  })
})

describe('addressKey', () => {
  it('keys an IPv6 address by its /64 prefix, in any spelling', () => {
    expect(addressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64')
    expect(addressKey('2001:0DB8:0001:0002::1')).toBe('2001:db8:1:2::/64')
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(addressKey('::1')).toBe('0:0:0:0::/64')
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
    expect(addressKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64')
  })

  it('keeps an IPv4 address, also one mapped into IPv6, and anything that is no address', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7')
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7')
    expect(addressKey('::FFFF:cb00:7107')).toBe('203.0.113.7')
    expect(addressKey('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7')
    expect(addressKey(UNKNOWN_ADDRESS)).toBe(UNKNOWN_ADDRESS)
  })
})

describe('TRUSTED_PROXY', () => {
  it('is a hop count or a list of addresses and CIDRs, and names itself when bad', () => {
    expect(trusted('0')).toBeUndefined()
    expect(trusted('2')).toEqual({ hops: 2 })
    expect(trusted('127.0.0.1,10.0.0.0/8')).toEqual({ addresses: ['127.0.0.1', '10.0.0.0/8'] })
    expect(() => trusted('10.0.0.0/33')).toThrow(/^TRUSTED_PROXY: must be a number of proxy hops or a comma-separated list/)
    expect(() => trusted('proxy.local')).toThrow(/^TRUSTED_PROXY/)
  })
})
