import { describe, expect, it } from 'vitest'
import { configProblems as problemsOf } from '../tests/helpers/config-problems.ts'
import { parseConfig } from './parse-config.ts'

describe('PUBLIC_URL', () => {
  it('takes an http or https origin, with or without a trailing slash', () => {
    expect(parseConfig({ PUBLIC_URL: 'https://ads.example.com/' }).appUrl).toBe(
      'https://ads.example.com/ads-preview',
    )
    expect(parseConfig({ PUBLIC_URL: 'http://10.0.0.5:3000' }).publicUrl).toBe('http://10.0.0.5:3000')
  })

  it.each([
    ['ftp://ads.example.com', 'expected an http:// or https:// address, such as https://ads.example.com'],
    [
      'https://ads.example.com/tools',
      'expected an origin without a path, query or fragment (the product adds /ads-preview itself), such as https://ads.example.com',
    ],
    ['https://ads.example.com/?x=1', 'expected an origin without a path'],
    ['https://ads.example.com/#top', 'expected an origin without a path'],
    [
      'https://user:secret@ads.example.com',
      'expected no user name or password in it, such as https://ads.example.com',
    ],
    ['ads.example.com', 'expected a URL with its scheme, such as https://ads.example.com'],
    ['localhost:3000', 'expected a URL with its scheme, such as http://localhost:3000'],
  ])('refuses %s in one line naming PUBLIC_URL, its value and what would do', (value, reason) => {
    const problems = problemsOf({ PUBLIC_URL: value })
    expect(problems).toHaveLength(1)
    expect(problems[0]).toContain(reason)
    expect(problems[0]).toMatch(/^PUBLIC_URL=\S+: expected /)
  })

  it('quotes a value with spaces, and masks a password in it', () => {
    expect(problemsOf({ PUBLIC_URL: 'not a url' })).toEqual([
      'PUBLIC_URL="not a url": expected a URL with its scheme, such as https://ads.example.com',
    ])
    expect(problemsOf({ PUBLIC_URL: 'https://user:secret@ads.example.com' })[0]).not.toContain('secret')
  })
})

describe('LOG_LEVEL and LOG_FORMAT', () => {
  it('default to info, and to text on a terminal and JSON elsewhere', () => {
    expect(parseConfig({}).log).toEqual({ level: 'info', format: 'auto' })
  })

  it('refuse an unknown value in one line naming the variable, its value and the known ones', () => {
    expect(problemsOf({ LOG_LEVEL: 'loud', LOG_FORMAT: 'xml' })).toEqual([
      'LOG_LEVEL=loud: expected one of fatal, error, warn, info, debug, trace, silent',
      'LOG_FORMAT=xml: expected one of auto, json, text',
    ])
  })
})
