import { describe, expect, it } from 'bun:test'
import { parseInfringingUrls } from './dmca-urls'

describe('parseInfringingUrls', () => {
  it('reads a JSON array string', () => {
    expect(parseInfringingUrls('["https://a.example/1","http://b.example/2"]')).toEqual(['https://a.example/1', 'http://b.example/2'])
  })

  it('drops blank entries of a JSON array and trims the rest', () => {
    expect(parseInfringingUrls('[" https://a.example/1 ", "", "  "]')).toEqual(['https://a.example/1'])
  })

  it('falls back to newline-separated text, skipping blank lines', () => {
    expect(parseInfringingUrls('https://a.example/1\r\n\n  https://b.example/2  \n')).toEqual([
      'https://a.example/1',
      'https://b.example/2',
    ])
  })

  it('falls back to the single value when it is neither JSON nor several lines', () => {
    expect(parseInfringingUrls('  https://a.example/only ')).toEqual(['https://a.example/only'])
  })

  it('treats JSON that is not an array as a single value', () => {
    expect(parseInfringingUrls('"https://a.example/quoted"')).toEqual(['"https://a.example/quoted"'])
    expect(parseInfringingUrls('{"url":"x"}')).toEqual(['{"url":"x"}'])
  })

  it('answers no URLs for an empty, blank or missing value', () => {
    expect(parseInfringingUrls('')).toEqual([])
    expect(parseInfringingUrls(' \n ')).toEqual([])
    expect(parseInfringingUrls(null)).toEqual([])
  })
})
