// What a bad setting answers: one line with the variable, the value given and what would be
// right, whatever the kind of variable; a password never in it.
import { describe, expect, it } from 'vitest'
import { configProblems } from '../../../tests/helpers/config-problems.ts'
import { parseConfig } from '../../parse-config.ts'

describe('a refused setting', () => {
  it.each([
    [{ PORT: 'abc' }, 'PORT=abc: expected a port number from 1 to 65535, or 0 for any free port'],
    [{ PORT: '70000' }, 'PORT=70000: expected a port number from 1 to 65535, or 0 for any free port'],
    [{ PORT: '80.5' }, 'PORT=80.5: expected a port number from 1 to 65535, or 0 for any free port'],
    [
      { PUBLIC_URL: 'ads.example.com' },
      'PUBLIC_URL=ads.example.com: expected a URL with its scheme, such as https://ads.example.com',
    ],
    [{ AUTH_LEEWAY: '301' }, 'AUTH_LEEWAY=301: expected a whole number from 0 to 300'],
    [{ MAX_PACKAGE_BYTES: '-1' }, 'MAX_PACKAGE_BYTES=-1: expected a whole number from 1 up'],
    [
      { S3_FORCE_PATH_STYLE: 'maybe' },
      'S3_FORCE_PATH_STYLE=maybe: expected 1 or 0 (or true/false, yes/no, on/off)',
    ],
    [{ REQUIRE_MRAID: '2' }, 'REQUIRE_MRAID=2: expected 1 or 0 (or true/false, yes/no, on/off)'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL=loud: expected one of fatal, error, warn, info, debug, trace, silent'],
    [{ AUTH_FLOW: 'pkce' }, 'AUTH_FLOW=pkce: expected one of implicit, code'],
    [{ ADMIN_EMAIL: 'bob' }, 'ADMIN_EMAIL=bob: expected an email address such as admin@example.com'],
    [{ PRODUCT_NAME: 'y'.repeat(61) }, `PRODUCT_NAME=${'y'.repeat(61)}: expected at most 60 characters`],
    [
      { DATABASE_URL: 'db.example.com/ads' },
      'DATABASE_URL=db.example.com/ads: expected a URL with its scheme, such as postgres://db.example.com/ads',
    ],
    [
      { SMTP_URL: 'mail.example.com' },
      'SMTP_URL=mail.example.com: expected a URL with its scheme, such as smtp://mail.example.com',
    ],
    [
      { AUTH_ISSUER: 'https://' },
      'AUTH_ISSUER=https://: expected a URL with its scheme, such as https://ads.example.com',
    ],
  ])('%o answers %s', (env, line) => {
    expect(configProblems(env)).toEqual([line])
  })

  it('names the variable alone when the problem is that it is missing', () => {
    expect(configProblems({ AUTH_DOMAIN: 'tenant.eu.auth0.com' })).toEqual([
      'AUTH_CLIENT_ID: required when AUTH_ISSUER or AUTH_DOMAIN is set',
    ])
  })

  it('shows no password: none of a secret variable, and a URL’s masked', () => {
    expect(configProblems({ ADMIN_PASSWORD: 'hunter2' })).toEqual([
      'ADMIN_PASSWORD (value not shown): expected at least 8 characters',
    ])
    expect(configProblems({ DATABASE_URL: 'mysql://app:hunter2@db/ads' })).toEqual([
      'DATABASE_URL=mysql://app:***@db/ads: must be a postgres:// URL (unset: SQLite in DATA_DIR)',
    ])
  })

  it('cuts a long value and quotes one with spaces', () => {
    const [line] = configProblems({ MAIL_FROM: 'x'.repeat(300) })
    expect(line).toBe(`MAIL_FROM=${'x'.repeat(80)}…: expected at most 254 characters`)
    expect(configProblems({ AUDIT_SECONDS: 'half a minute' })).toEqual([
      'AUDIT_SECONDS="half a minute": expected a whole number from 0 to 40',
    ])
  })
})

describe('an on/off setting', () => {
  const s3 = { S3_BUCKET: 'ads', S3_ACCESS_KEY_ID: 'AKID', S3_SECRET_ACCESS_KEY: 'secret' }

  it.each(['1', 'true', 'TRUE', 'yes', 'Yes', 'on', 'ON', ' true '])('takes %j as on', (word) => {
    const config = parseConfig({ ...s3, S3_FORCE_PATH_STYLE: word, REQUIRE_MRAID: word, LOG_REQUESTS: word })
    expect([config.s3?.forcePathStyle, config.uploads.requireMraid, config.http.logRequests]).toEqual([
      true,
      true,
      true,
    ])
  })

  it.each(['0', 'false', 'False', 'no', 'NO', 'off', 'Off'])('takes %j as off', (word) => {
    const config = parseConfig({ ...s3, S3_FORCE_PATH_STYLE: word, REQUIRE_MRAID: word, LOG_REQUESTS: word })
    expect([config.s3?.forcePathStyle, config.uploads.requireMraid, config.http.logRequests]).toEqual([
      false,
      false,
      false,
    ])
  })

  it('keeps its default when unset or empty', () => {
    const config = parseConfig({ ...s3, REQUIRE_MRAID: '' })
    expect([config.s3?.forcePathStyle, config.uploads.requireMraid, config.http.logRequests]).toEqual([
      false,
      true,
      true,
    ])
  })
})
