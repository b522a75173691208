import { describe, expect, it } from 'vitest'
import { ConfigError, parseConfig } from './parse-config.ts'

function problemsOf(env: Record<string, string>): string[] {
  try {
    parseConfig(env)
    return []
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    return error.problems
  }
}

describe('PUBLIC_URL', () => {
  it('takes an http or https origin, with or without a trailing slash', () => {
    expect(parseConfig({ PUBLIC_URL: 'https://ads.example.com/' }).appUrl).toBe(
      'https://ads.example.com/ads-preview',
    )
    expect(parseConfig({ PUBLIC_URL: 'http://10.0.0.5:3000' }).publicUrl).toBe('http://10.0.0.5:3000')
  })

  it.each([
    ['ftp://ads.example.com', 'must be an http:// or https:// address'],
    ['https://ads.example.com/tools', 'must be an origin without a path'],
    ['https://ads.example.com/?x=1', 'must be an origin without a path'],
    ['https://ads.example.com/#top', 'must be an origin without a path'],
    ['https://user:secret@ads.example.com', 'must not carry a user name or password'],
    ['not a url', 'Invalid URL'],
  ])('refuses %s in one line naming PUBLIC_URL', (value, reason) => {
    const problems = problemsOf({ PUBLIC_URL: value })
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(new RegExp(`^PUBLIC_URL: ${reason}`))
  })
})

describe('LOG_LEVEL and LOG_FORMAT', () => {
  it('default to info, and to text on a terminal and JSON elsewhere', () => {
    expect(parseConfig({}).log).toEqual({ level: 'info', format: 'auto' })
  })

  it('refuse an unknown value in one line naming the variable', () => {
    expect(problemsOf({ LOG_LEVEL: 'loud', LOG_FORMAT: 'xml' }).map((line) => line.split(':')[0])).toEqual([
      'LOG_LEVEL',
      'LOG_FORMAT',
    ])
  })
})
