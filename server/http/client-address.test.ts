import { describe, expect, it } from 'bun:test'
import { clientAddress, UNKNOWN_ADDRESS } from './client-address'
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
  })

  it('takes the right-most address that is not a listed proxy', () => {
    const list = trusted('10.0.0.0/8, ::1')
    expect(clientAddress(peer('10.0.0.1'), withXff('6.6.6.6, 1.2.3.4, 10.9.9.9'), list)).toBe('1.2.3.4')
    expect(clientAddress(peer('::1'), withXff('1.2.3.4'), list)).toBe('1.2.3.4')
    expect(clientAddress(peer('192.0.2.1'), withXff('1.2.3.4'), list)).toBe('192.0.2.1')
    expect(clientAddress(peer('10.0.0.1'), withXff('garbage'), list)).toBe('10.0.0.1')
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
