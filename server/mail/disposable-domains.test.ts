import { describe, expect, test } from 'bun:test'
import disposableDomains from 'disposable-email-domains'
import { isDisposableDomain } from './disposable-domains'

describe('isDisposableDomain', () => {
  const listed = new Set<string>(disposableDomains)

  test('finds every domain of the package list', () => {
    expect(disposableDomains.length).toBeGreaterThan(100_000)
    expect(disposableDomains.filter((d: string) => !isDisposableDomain(d))).toEqual([])
  })

  test('answers as a Set of the list does for domains near listed ones and for common ones', () => {
    const sample = disposableDomains.filter((_: string, i: number) => i % 97 === 0)
    const near = sample.flatMap((d: string) => [`x${d}`, d.slice(1), `${d}.`, `mail.${d}`, d.toUpperCase(), d.slice(0, -1)])
    const common = ['gmail.com', 'example.org', 'proton.me', 'münchen.de', 'xn--mnchen-3ya.de', '', 'a', 'com']
    for (const domain of [...near, ...common]) expect([domain, isDisposableDomain(domain)]).toEqual([domain, listed.has(domain)])
  })

  test('finds listed domains written with non-ASCII letters', () => {
    const unicode = disposableDomains.filter((d: string) => /[^\x00-\x7f]/.test(d))
    expect(unicode.length).toBeGreaterThan(0)
    for (const domain of unicode) expect(isDisposableDomain(domain)).toBe(true)
  })
})
