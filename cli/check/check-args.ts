// The command line of `ads-preview check`: its options, their checks, its usage text.
import { parseArgs } from 'node:util'
import { BASE_PATH, UPLOAD_POLICIES, type UploadPolicy } from '../../shared/constants.ts'
import { DEFAULT_TARGET_IDS, findProfiles, TARGET_PROFILES } from '../../shared/targets/profiles/index.ts'
import { FORMATS, isFormatName } from './formats.ts'

/** A long list as lines under the options' descriptions. */
function wrap(text: string, separator: string): string {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(separator)) {
    const next = line ? `${line}${separator}${word}` : word
    if (next.length > 60 && line) {
      lines.push(`${line}${separator.trim()}`)
      line = word.trim()
    } else line = next
  }
  lines.push(line)
  return lines.map((l) => `${' '.repeat(34)}${l}`).join('\n')
}

export const CHECK_USAGE = `Usage: ads-preview check [options] <zip or folder>...

Checks creative packages as the server validates them (MRAID required) and against delivery
targets' rules, offline, in parallel. A folder is searched for .zip files at any depth.
Rules only a runtime audit measures are not judged offline: with --server each package is
uploaded, validated and created there instead, and the server's verdict is reported.

  --format text|json|junit|sarif  the report on standard output (default: text)
  --output FILE                   write the report to FILE instead; the text report still
                                  goes to standard output
  --targets LIST                  delivery targets a package must also pass, comma-separated,
                                  or none. Default: DEFAULT_TARGETS when set, else
${wrap(DEFAULT_TARGET_IDS.join(','), ',')}
                                  Known:
${wrap(TARGET_PROFILES.map((p) => p.id).join(', '), ' ')}
  --jobs N                        packages checked at once (default: the number of cores;
                                  4 uploads with --server)
  --server URL                    check on an Ads Preview server (https://ads.example.com)
  --token TOKEN                   its API token (or ADS_PREVIEW_TOKEN in the environment)
  --policy none|keep|overwrite    with --server: a name that exists is refused, kept as a
                                  new version, or replaced (default: keep)
  --upload-passing                with --server: check offline first (targets included) and
                                  upload only the packages that pass
  --audit-wait SECONDS            with --server: how long to wait for the server's runtime
                                  audit of each package before judging the targets without
                                  it (default: 300; 0: do not wait)
  -h, --help                      this text

Exit code: 0 when every package passes, 1 when one fails, 2 on a usage or I/O error.
`

export class UsageError extends Error {}

export function parseCheckArgs(args: string[], env: NodeJS.ProcessEnv) {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>
  try {
    parsed = parseArgs({ args, options: OPTIONS, allowPositionals: true, strict: true })
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
  const { values, positionals } = parsed
  const format = values.format ?? 'text'
  if (!isFormatName(format))
    throw new UsageError(`--format must be one of ${Object.keys(FORMATS).join(', ')}`)
  const jobs = values.jobs === undefined ? undefined : Number(values.jobs)
  if (jobs !== undefined && !(Number.isInteger(jobs) && jobs >= 1))
    throw new UsageError('--jobs must be a whole number of 1 or more')
  // The deployment's DEFAULT_TARGETS (the server's list badge) when it is set, as --targets is.
  const list = values.targets ?? env.DEFAULT_TARGETS ?? DEFAULT_TARGET_IDS.join(',')
  const targets =
    list === 'none'
      ? []
      : list
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean)
  const { unknown } = findProfiles(targets)
  if (unknown.length > 0)
    throw new UsageError(
      `unknown target ${unknown.join(', ')}: known are ${TARGET_PROFILES.map((p) => p.id).join(', ')}`,
    )
  if (!values.help && positionals.length === 0) throw new UsageError('name at least one .zip file or folder')
  return {
    format,
    jobs,
    targets,
    output: values.output,
    help: values.help === true,
    paths: positionals,
    server: serverOf(values, env),
  }
}

const OPTIONS = {
  format: { type: 'string' },
  output: { type: 'string' },
  jobs: { type: 'string' },
  targets: { type: 'string' },
  server: { type: 'string' },
  token: { type: 'string' },
  policy: { type: 'string' },
  'upload-passing': { type: 'boolean' },
  'audit-wait': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>['values']

/** --server, its token and the upload policy; undefined offline. */
function serverOf(values: Values, env: NodeJS.ProcessEnv) {
  if (values.server === undefined) {
    if (
      values.token !== undefined ||
      values.policy !== undefined ||
      values['upload-passing'] ||
      values['audit-wait'] !== undefined
    )
      throw new UsageError('--token, --policy, --upload-passing and --audit-wait go with --server')
    return undefined
  }
  let url: URL
  try {
    url = new URL(values.server)
  } catch {
    throw new UsageError(`--server must be an http(s) address, not ${values.server}`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`--server must be an http(s) address, not ${values.server}`)
  const token = values.token ?? env.ADS_PREVIEW_TOKEN
  if (!token) throw new UsageError('--server needs --token (or ADS_PREVIEW_TOKEN)')
  const policy = values.policy ?? 'keep'
  if (!isUploadPolicy(policy)) throw new UsageError(`--policy must be one of ${UPLOAD_POLICIES.join(', ')}`)
  const auditWait = Number(values['audit-wait'] ?? 300)
  if (!(Number.isFinite(auditWait) && auditWait >= 0))
    throw new UsageError('--audit-wait must be a number of seconds, 0 or more')
  const base = url.href.replace(/\/+$/, '')
  return {
    appUrl: base.endsWith(BASE_PATH) ? base : `${base}${BASE_PATH}`,
    token,
    policy,
    uploadPassing: values['upload-passing'] === true,
    audit: { waitMs: auditWait * 1000 },
  }
}

function isUploadPolicy(value: string): value is UploadPolicy {
  return (UPLOAD_POLICIES as readonly string[]).includes(value)
}

export type CheckArgs = ReturnType<typeof parseCheckArgs>
