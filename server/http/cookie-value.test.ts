import { describe, expect, it } from 'bun:test'
import { cookieValue, siteCookie } from './cookie-value'

describe('cookieValue', () => {
  it('finds a cookie anywhere in the header, trimmed', () => {
    expect(cookieValue('sid=abc', 'sid')).toBe('abc')
    expect(cookieValue('a=1; sid=abc; b=2', 'sid')).toBe('abc')
    expect(cookieValue('a=1;sid=abc', 'sid')).toBe('abc')
    expect(cookieValue('  sid = abc  ;b=2', 'sid')).toBe('abc')
  })

  it('answers undefined without the header, without the cookie, or for a name that only ends like it', () => {
    expect(cookieValue(null, 'sid')).toBeUndefined()
    expect(cookieValue('', 'sid')).toBeUndefined()
    expect(cookieValue('a=1; b=2', 'sid')).toBeUndefined()
    expect(cookieValue('xsid=abc; sidx=def', 'sid')).toBeUndefined()
    expect(cookieValue('sid; a=1', 'sid')).toBeUndefined()
  })

  it('keeps the first of repeated cookies, as the cookie package does', () => {
    expect(cookieValue('sid=first; sid=second', 'sid')).toBe('first')
    expect(cookieValue('sid=; sid=second', 'sid')).toBe('')
  })

  it('percent-decodes values and leaves a value that does not decode as sent', () => {
    expect(cookieValue('sid=a%20b', 'sid')).toBe('a b')
    expect(cookieValue('sid=%E0%A4%A', 'sid')).toBe('%E0%A4%A')
    expect(cookieValue('sid=a=b=c', 'sid')).toBe('a=b=c')
  })
})

describe('siteCookie', () => {
  it('prefixes the name with __Host- over https, Secure with Path=/ whatever the http path', () => {
    expect(siteCookie('https://hotvote.example', 'hv_admin', '/api')).toEqual({ name: '__Host-hv_admin', secure: true, path: '/' })
    expect(siteCookie('https://hotvote.example', 'sid')).toEqual({ name: '__Host-sid', secure: true, path: '/' })
  })

  it('keeps the plain name and the given path over http', () => {
    expect(siteCookie('http://localhost:3000', 'hv_admin', '/api')).toEqual({ name: 'hv_admin', secure: false, path: '/api' })
    expect(siteCookie('http://localhost:3000', 'sid')).toEqual({ name: 'sid', secure: false, path: '/' })
  })
})
