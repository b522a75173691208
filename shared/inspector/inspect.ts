// The package inspector: zip bytes in, a report out. The same code runs in the browser (a Web
// Worker, for instant hints) and on the server (the authority: the validate endpoint's
// `details` are its error messages). No DOM and no Node API in here.
import type { ByteSource } from '../zip/byte-source.ts'
import { readZip, type ZipArchive, type ZipEntry, ZipFormatError } from '../zip/zip-reader.ts'
import { eventHandlerCode, FactCollector } from './facts.ts'
import {
  cssReferences,
  htmlReferences,
  inlineScripts,
  isExternal,
  isNonFileUrl,
  isPlainHttp,
  jsMentionsMraid,
  jsReferences,
  type Reference,
  stripHtmlComments,
  stripJsComments,
} from './html-scan.ts'
import { refusesRule } from './refusal.ts'
import type { InspectionIssue, InspectionLimits, InspectionReport, InspectOptions } from './types.ts'

export type * from './types.ts'

export const DEFAULT_INSPECTION_LIMITS: InspectionLimits = {
  maxEntries: 10_000,
  maxTotalBytes: 500 * 1024 * 1024,
  // Real creatives' files deflate 1x (images, video) to about 10x (scripts, JSON); a small file
  // of repeated text may go far higher, which the allowance covers. A 5 MB zip holding a 480 MB
  // entry (91x) is refused by both rules, as the security review asked.
  maxEntryRatio: 50,
  entryRatioAllowanceBytes: 1024 * 1024,
  maxPackageRatio: 20,
  packageRatioAllowanceBytes: 10 * 1024 * 1024,
  maxTextFileBytes: 8 * 1024 * 1024,
}

/** IAB New Ad Portfolio: the initial load of a display ad should stay under this. */
const INITIAL_LOAD_BUDGET_BYTES = 300 * 1024
const TOTAL_BUDGET_BYTES = 5 * 1024 * 1024

const JUNK = /(^|\/)(__MACOSX\/|\._[^/]*$|\.DS_Store$|Thumbs\.db$|desktop\.ini$)/
const TEXT_EXTENSIONS = /\.(html?|css|js|mjs|json|svg|txt)$/i
const DEPRECATED_CALLS: Record<string, string> = {
  useCustomClose:
    'mraid.useCustomClose() is deprecated in MRAID 3.0 and has no effect: the container always draws the close control.',
  storePicture: 'mraid.storePicture() was removed in MRAID 3.0: most apps refuse it. Remove it.',
  createCalendarEvent:
    'mraid.createCalendarEvent() was removed in MRAID 3.0: most apps refuse it. Remove it.',
  playVideo:
    'mraid.playVideo() is unsupported in many apps: play video inline with a <video> element instead.',
  getVendor: 'mraid.getVendor() is not part of MRAID: it fails in every standard container. Remove it.',
}

const decoder = new TextDecoder('utf-8')

const WEB_FILE_TYPES = new Set(
  'html htm js mjs css json svg png jpg jpeg gif webp avif ico bmp mp4 webm ogg ogv mp3 m4a aac wav woff woff2 ttf otf eot xml txt map vtt'.split(
    ' ',
  ),
)
const EXECUTABLE_TYPES = new Set(
  'php phtml asp aspx jsp cgi pl py rb sh bash bat cmd com exe dll so dylib jar apk ipa app msi ps1 vbs'.split(
    ' ',
  ),
)
const SAFE_FILE_NAME = /^[A-Za-z0-9._\-/]+$/
/** mraid calls that are safe before 'ready': registering for it and asking the state. */
const CALLS_SAFE_BEFORE_READY = new Set(['addEventListener', 'removeEventListener', 'getState', 'getVersion'])

function fileExtension(path: string): string {
  return path.slice(path.lastIndexOf('.') + 1).toLowerCase()
}

function directoryOf(path: string): string {
  const slash = path.lastIndexOf('/')
  return slash < 0 ? '' : path.slice(0, slash + 1)
}

/** Resolves a relative URL against the folder of the file it appears in; undefined when it escapes the package. */
export function resolveInPackage(from: string, url: string): string | undefined {
  const clean = url.split(/[?#]/)[0] ?? ''
  const parts = (clean.startsWith('/') ? clean.slice(1) : directoryOf(from) + clean).split('/')
  const out: string[] = []
  for (const part of parts) {
    if (part === '' || part === '.') continue
    if (part === '..') {
      if (out.length === 0) return undefined
      out.pop()
    } else out.push(safeDecode(part))
  }
  return out.join('/')
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part)
  } catch {
    return part
  }
}

class Findings {
  readonly issues: InspectionIssue[] = []
  private readonly seen = new Set<string>()
  add(issue: InspectionIssue): void {
    const key = `${issue.rule}|${issue.file ?? ''}|${issue.message}`
    if (this.seen.has(key)) return
    this.seen.add(key)
    this.issues.push(issue)
  }
  error(rule: string, message: string, file?: string): void {
    this.add({ rule, severity: 'error', message, ...(file ? { file } : {}) })
  }
  warning(rule: string, message: string, file?: string): void {
    this.add({ rule, severity: 'warning', message, ...(file ? { file } : {}) })
  }
  info(rule: string, message: string, file?: string): void {
    this.add({ rule, severity: 'info', message, ...(file ? { file } : {}) })
  }
}

function checkArchiveSafety(entries: ZipEntry[], limits: InspectionLimits, findings: Findings): void {
  const seen = new Set<string>()
  let total = 0
  let compressed = 0
  for (const entry of entries) {
    const path = entry.path
    total += entry.size
    if (path.includes('\\')) {
      findings.error(
        'zip.backslash',
        `${path} uses backslashes: zip the package again with a standard zip tool.`,
        path,
      )
    }
    if (path.startsWith('/') || /^[a-zA-Z]:/.test(path)) {
      findings.error(
        'zip.absolute-path',
        `${path} is an absolute path: files must be relative to the package root.`,
        path,
      )
    }
    if (path.split(/[/\\]/).includes('..')) {
      findings.error('zip.traversal', `${path} points outside the package ("..") and is refused.`, path)
    }
    if (entry.isSymlink)
      findings.error('zip.symlink', `${path} is a symbolic link: replace it with the real file.`, path)
    if (entry.encrypted) {
      findings.error('zip.encrypted', `${path} is encrypted: packages must not be password-protected.`, path)
    }
    if (seen.has(path))
      findings.error('zip.duplicate', `${path} appears twice in the zip: keep one copy.`, path)
    seen.add(path)
    compressed += entry.compressedSize
    if (entry.size > entry.compressedSize * limits.maxEntryRatio + limits.entryRatioAllowanceBytes) {
      findings.error(
        'zip.bomb',
        `${path} expands ${Math.round(entry.size / Math.max(entry.compressedSize, 1))} times (at most ${limits.maxEntryRatio} are allowed): the archive looks like a zip bomb.`,
        path,
      )
    }
  }
  if (total > compressed * limits.maxPackageRatio + limits.packageRatioAllowanceBytes) {
    findings.error(
      'zip.bomb',
      `The package expands ${Math.round(total / Math.max(compressed, 1))} times (at most ${limits.maxPackageRatio} are allowed): the archive looks like a zip bomb.`,
    )
  }
  if (total > limits.maxTotalBytes) {
    findings.error(
      'zip.too-large',
      `The package unpacks to ${total} bytes; at most ${limits.maxTotalBytes} are allowed. Remove large files.`,
    )
  }
}

function findEntry(paths: string[], findings: Findings): string | null {
  if (paths.includes('index.html')) return 'index.html'
  const folders = new Set(paths.map((p) => (p.includes('/') ? p.slice(0, p.indexOf('/') + 1) : '')))
  const [onlyFolder] = [...folders]
  if (folders.size === 1 && onlyFolder && paths.includes(`${onlyFolder}index.html`)) {
    findings.warning(
      'structure.wrapper-folder',
      `The package is wrapped in the folder "${onlyFolder}": it works, but zip the folder's contents so index.html sits at the root.`,
    )
    return `${onlyFolder}index.html`
  }
  const nestedZips = paths.filter((p) => p.toLowerCase().endsWith('.zip'))
  if (nestedZips.length > 0) {
    findings.error(
      'structure.nested-zip',
      `The package holds another zip (${nestedZips.join(', ')}) instead of the creative: upload that zip itself.`,
    )
  }
  const candidates = paths.filter((p) => /\.html?$/i.test(p))
  findings.error(
    'structure.no-entry',
    candidates.length > 0
      ? `No index.html at the root of the package (found ${candidates.join(', ')}): name the ad's entry page index.html.`
      : 'No index.html at the root of the package: the ad needs an index.html entry page.',
  )
  return null
}

function parseAdSize(html: string): { width: number; height: number } | undefined {
  const meta = /<meta\b[^>]*name\s*=\s*["']?ad\.size["']?[^>]*>/i.exec(html)?.[0]
  const content = meta && /content\s*=\s*["']([^"']*)["']/i.exec(meta)?.[1]
  if (!content) return undefined
  const width = /width\s*=\s*(\d+)/i.exec(content)?.[1]
  const height = /height\s*=\s*(\d+)/i.exec(content)?.[1]
  return width && height ? { width: Number(width), height: Number(height) } : undefined
}

interface ScanState {
  archive: ZipArchive
  paths: Set<string>
  lowerPaths: Map<string, string>
  referenced: Set<string>
  scanned: Set<string>
  mraidReferenced: boolean
  /** All script code the entry runs, for the checks that look across files. */
  scripts: string[]
  initialLoadBytes: number
  limits: InspectionLimits
  findings: Findings
  entry: string
  facts: FactCollector
}

async function readText(state: ScanState, path: string): Promise<string | undefined> {
  const entry = state.archive.get(path)
  if (!entry) return undefined
  if (entry.size > state.limits.maxTextFileBytes) {
    state.findings.info('structure.large-text-file', `${path} is too large to check for references.`, path)
    return undefined
  }
  try {
    return decoder.decode(await state.archive.readEntry(entry, state.limits.maxTextFileBytes))
  } catch (error) {
    if (error instanceof ZipFormatError) state.findings.error(error.rule, error.message, path)
    else throw error
    return undefined
  }
}

function checkScriptCalls(js: string, file: string, findings: Findings): void {
  for (const [call, message] of Object.entries(DEPRECATED_CALLS)) {
    if (new RegExp(`\\bmraid\\s*\\.\\s*${call}\\s*\\(`).test(js))
      findings.warning(`mraid.deprecated.${call}`, message, file)
  }
  if (/\bwindow\.open\s*\(/.test(js) && !/\bmraid\s*\.\s*open\s*\(/.test(js)) {
    findings.warning(
      'mraid.clickthrough-window-open',
      'The ad opens its clickthrough with window.open(): use mraid.open(url) so apps open it in the browser.',
      file,
    )
  }
}

async function followReferences(
  state: ScanState,
  from: string,
  references: Reference[],
  initial: boolean,
): Promise<void> {
  for (const reference of references) {
    const { url, kind } = reference
    if (isNonFileUrl(url)) continue
    if (isExternal(url)) {
      state.facts.reference(url, isPlainHttp(url))
      await checkBundledCopy(state, from, url, kind)
      // Ad servers flag such a creative as not SSL-compatible and still preview it: QA must see it.
      if (isPlainHttp(url)) {
        state.findings.warning(
          'network.insecure-http',
          `${from} loads ${url} over plain http: apps block it. Bundle the file in the package or use https.`,
          from,
        )
      } else {
        state.findings.warning(
          'network.external',
          `${from} loads ${url} from another server: bundle it in the package if you can, so the ad works offline and loads fast.`,
          from,
        )
      }
      continue
    }
    const path = resolveInPackage(from, url)
    if (path === undefined) {
      state.findings.warning('reference.outside', `${from} refers to ${url}, outside the package.`, from)
      continue
    }
    if (path.split('/').pop() === 'mraid.js') {
      if (kind === 'script' || kind === 'js') state.mraidReferenced = true
      continue
    }
    if (!state.paths.has(path)) {
      const caseMatch = state.lowerPaths.get(path.toLowerCase())
      state.findings.warning(
        'reference.missing',
        caseMatch
          ? `${from} refers to ${path} but the package has ${caseMatch}: names are case-sensitive on phones and servers.`
          : `${from} refers to ${path}, which is not in the package: add it or fix the reference.`,
        from,
      )
      continue
    }
    if (initial && !state.referenced.has(path)) {
      state.initialLoadBytes += state.archive.get(path)?.size ?? 0
      state.facts.initialRequest()
    }
    state.referenced.add(path)
    await scanFile(state, path, false)
  }
}

/**
 * A script loaded from another server while the package holds a file of the same name (a tag
 * copied from a live server): the package's copy says what the ad runs, MRAID included.
 */
async function checkBundledCopy(state: ScanState, from: string, url: string, kind: string): Promise<void> {
  if (kind !== 'script') return
  const name = safeDecode(url.split(/[?#]/)[0]?.split('/').pop() ?? '')
  const copy = [...state.paths].find((path) => path.split('/').pop() === name)
  if (!copy) return
  state.findings.warning(
    'network.external-copy',
    `${from} loads ${url} from another server although ${copy} is in the package: load the bundled file.`,
    from,
  )
  const text = await readText(state, copy)
  if (text === undefined) return
  const code = stripJsComments(text)
  if (jsMentionsMraid(code)) state.mraidReferenced = true
  state.facts.script(copy, code)
}

/** Script code, comments already stripped (they are not requests or calls). */
async function scanScript(state: ScanState, file: string, code: string, initial: boolean): Promise<void> {
  if (jsMentionsMraid(code)) state.mraidReferenced = true
  checkScriptCalls(code, file, state.findings)
  state.scripts.push(code)
  state.facts.script(file, code)
  await followReferences(state, file, jsReferences(code), initial)
}

async function scanFile(state: ScanState, path: string, initial: boolean): Promise<void> {
  if (state.scanned.has(path) || !TEXT_EXTENSIONS.test(path)) return
  state.scanned.add(path)
  const text = await readText(state, path)
  if (text === undefined) return
  state.facts.text(path, text, state.entry)
  const ext = fileExtension(path)
  if (ext === 'html' || ext === 'htm') {
    for (const handler of eventHandlerCode(stripHtmlComments(text))) state.facts.script(path, handler)
    await followReferences(state, path, htmlReferences(text), initial)
    for (const script of inlineScripts(text)) await scanScript(state, path, stripJsComments(script), initial)
  } else if (ext === 'css') {
    await followReferences(state, path, cssReferences(text), initial)
  } else if (ext === 'js' || ext === 'mjs') {
    await scanScript(state, path, stripJsComments(text), false)
  }
}

/**
 * MRAID calls made without waiting for 'ready' fail in containers that load the ad before the
 * bridge is up. Approximation: the ad calls mraid methods but neither listens for 'ready' nor
 * checks getState().
 */
function checkReadiness(code: string, entry: string, findings: Findings): void {
  const calls = [...code.matchAll(/\bmraid\s*\.\s*([A-Za-z]+)\s*\(/g)].map((m) => m[1]!)
  const unsafe = [...new Set(calls.filter((call) => !CALLS_SAFE_BEFORE_READY.has(call)))]
  if (unsafe.length === 0) return
  const waits = /addEventListener\s*\(\s*["']ready["']/.test(code) || /\bgetState\s*\(/.test(code)
  if (!waits) {
    findings.warning(
      'mraid.before-ready',
      `The ad calls mraid.${unsafe[0]}() without waiting for 'ready': call mraid methods only after mraid.getState() is not 'loading' or in a 'ready' listener.`,
      entry,
    )
  }
}

function checkFileNames(paths: string[], findings: Findings): void {
  for (const path of paths) {
    const extension = path.includes('.') ? fileExtension(path) : ''
    if (EXECUTABLE_TYPES.has(extension)) {
      findings.error(
        'structure.executable',
        `${path} is not a web file (.${extension}): remove it, ad servers refuse executables.`,
        path,
      )
    } else if (!WEB_FILE_TYPES.has(extension)) {
      findings.warning(
        'structure.file-type',
        `${path} is not a file an ad uses: remove it from the package.`,
        path,
      )
    }
    if (!SAFE_FILE_NAME.test(path)) {
      findings.warning(
        'structure.file-name',
        `Rename ${path}: use letters, digits, dots, dashes and underscores only; spaces and special characters break on some ad servers.`,
        path,
      )
    }
  }
}

/** `refuse`: warning rules the deployment refuses (REFUSE_WARNINGS), raised to errors. */
function report(
  base: Omit<InspectionReport, 'ok' | 'issues'>,
  findings: Findings,
  refuse: readonly string[] = [],
): InspectionReport {
  const order = { error: 0, warning: 1, info: 2 }
  const issues = findings.issues
    .map((issue) =>
      issue.severity === 'warning' && refuse.some((rule) => refusesRule(rule, issue.rule))
        ? { ...issue, severity: 'error' as const }
        : issue,
    )
    .sort((a, b) => order[a.severity] - order[b.severity])
  return { ...base, ok: !issues.some((issue) => issue.severity === 'error'), issues }
}

export async function inspectPackage(source: ByteSource, options: InspectOptions): Promise<InspectionReport> {
  const limits = { ...DEFAULT_INSPECTION_LIMITS, ...options.limits }
  const findings = new Findings()
  const refuse = options.refuseWarnings ?? []
  const collector = new FactCollector()
  const facts = (files: InspectionReport['files'], entry: string | null, scan?: ScanState) =>
    collector.facts({
      zipBytes: source.size,
      files,
      entry,
      initialBytes: scan?.initialLoadBytes ?? 0,
      referenced: scan?.referenced ?? new Set(),
      mraidReferenced: scan?.mraidReferenced ?? false,
      issueRules: findings.issues.map((issue) => issue.rule),
    })
  const empty = {
    entry: null,
    files: [],
    totals: { files: 0, size: 0, compressedSize: 0 },
    mraid: { referenced: false, bundled: false },
  }
  let archive: ZipArchive
  try {
    archive = await readZip(source, { maxEntries: limits.maxEntries })
  } catch (error) {
    if (!(error instanceof ZipFormatError)) throw error
    findings.error(error.rule, error.message)
    // Nothing in it can be measured: no facts, so no target judges it.
    return report(empty, findings, refuse)
  }

  const fileEntries = archive.entries.filter((entry) => !entry.isDirectory)
  checkArchiveSafety(archive.entries, limits, findings)
  const junk = fileEntries.filter((entry) => JUNK.test(entry.path))
  if (junk.length > 0) {
    findings.info(
      'structure.ignored-files',
      `${junk.length} system file(s) (__MACOSX, .DS_Store...) are ignored.`,
    )
  }
  const content = fileEntries.filter((entry) => !JUNK.test(entry.path))
  const files = content.map(({ path, size, compressedSize }) => ({ path, size, compressedSize }))
  const totals = {
    files: files.length,
    size: files.reduce((sum, file) => sum + file.size, 0),
    compressedSize: files.reduce((sum, file) => sum + file.compressedSize, 0),
  }
  const bundledMraid = content.filter((entry) => entry.path.split('/').pop()?.toLowerCase() === 'mraid.js')
  // The preview serves its own mraid.js in place of a bundled one: worth fixing, not refusing.
  for (const entry of bundledMraid) {
    findings.warning(
      'mraid.bundled',
      `${entry.path} is bundled in the package: remove it, the app provides mraid.js.`,
      entry.path,
    )
  }
  const paths = content.map((entry) => entry.path)
  checkFileNames(paths, findings)
  const entry =
    findings.issues.some((issue) => issue.severity === 'error') && files.length === 0
      ? null
      : findEntry(paths, findings)
  const base = { entry, files, totals, mraid: { referenced: false, bundled: bundledMraid.length > 0 } }
  if (findings.issues.some((issue) => issue.rule.startsWith('zip.'))) return report(base, findings, refuse)
  if (entry === null) return report({ ...base, facts: facts(files, entry) }, findings, refuse)

  const state: ScanState = {
    archive,
    paths: new Set(paths),
    lowerPaths: new Map(paths.map((path) => [path.toLowerCase(), path])),
    referenced: new Set([entry]),
    scanned: new Set(),
    mraidReferenced: false,
    scripts: [],
    initialLoadBytes: archive.get(entry)?.size ?? 0,
    limits,
    findings,
    entry,
    facts: collector,
  }
  const html = await readText(state, entry)
  let adSize: { width: number; height: number } | undefined
  if (html !== undefined) {
    if (!/<html[\s>]/i.test(html)) {
      findings.warning(
        'structure.fragment',
        `${entry} is an HTML fragment (no <html> element): browsers render it, but a full document is more predictable.`,
        entry,
      )
    }
    adSize = parseAdSize(html)
    await scanFile(state, entry, true)
  }
  if (options.requireMraid && !state.mraidReferenced) {
    findings.error(
      'mraid.not-referenced',
      `${entry} does not load mraid.js: add <script src="mraid.js"></script> before the ad's own scripts.`,
      entry,
    )
  }
  checkReadiness(state.scripts.join('\n'), entry, findings)
  if (state.paths.has('config.json') && !state.scanned.has('config.json')) {
    const config = await readText(state, 'config.json')
    if (config !== undefined) collector.text('config.json', config, entry)
  }
  for (const path of paths) {
    if (!state.referenced.has(path) && !bundledMraid.some((e) => e.path === path)) {
      findings.warning(
        'structure.unreferenced',
        `${path} is never used by the ad: remove it to make the package lighter.`,
        path,
      )
    }
  }
  if (state.initialLoadBytes > INITIAL_LOAD_BUDGET_BYTES) {
    findings.warning(
      'weight.initial-load',
      `The initial load is ${Math.round(state.initialLoadBytes / 1024)} KB; the IAB guideline is ${INITIAL_LOAD_BUDGET_BYTES / 1024} KB. Load the rest after the ad is shown.`,
    )
  }
  if (totals.size > TOTAL_BUDGET_BYTES) {
    findings.warning(
      'weight.total',
      `The package is ${(totals.size / 1024 / 1024).toFixed(1)} MB unpacked; keep ads under ${TOTAL_BUDGET_BYTES / 1024 / 1024} MB.`,
    )
  }
  return report(
    {
      ...base,
      ...(adSize ? { adSize } : {}),
      mraid: { ...base.mraid, referenced: state.mraidReferenced },
      facts: facts(files, entry, state),
    },
    findings,
    refuse,
  )
}

/** The messages of the error-severity issues: the `details` of a failed validation. */
export function inspectionErrors(report: InspectionReport): string[] {
  return report.issues.filter((issue) => issue.severity === 'error').map((issue) => issue.message)
}

/** The warnings, sent with a successful validation. */
export function inspectionWarnings(report: InspectionReport): string[] {
  return report.issues.filter((issue) => issue.severity === 'warning').map((issue) => issue.message)
}
