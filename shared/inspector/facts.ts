// What the delivery targets (shared/targets) measure in a package, gathered while the inspector
// scans it: sizes as shipped (base64-inlined assets count as the bytes they take in the file),
// counts, the meta tags networks ask for and the calls the code makes. Numbers and flags only:
// which of them matter, and where the limits lie, is the targets' business.
import {
  type CreativeKindFacts,
  fullScreenSigns,
  inferKind,
  type KindEvidence,
  storeLinksIn,
} from './creative-kind.ts'

/** Calls that networks require or forbid, found in script code and inline event handlers. */
export const KNOWN_CALLS = {
  'mraid.open': /\bmraid\s*\.\s*open\s*\(/,
  'window.open': /\bwindow\s*\.\s*open\s*\(/,
  'location assignment': /\blocation(?:\s*\.\s*href)?\s*=(?!=)/,
  'FbPlayableAd.onCTAClick': /\bFbPlayableAd\s*\.\s*onCTAClick\s*\(/,
  gameReady: /\bgameReady\s*\(/,
  gameEnd: /\bgameEnd\s*\(/,
  // window.install() or a bare install(), not a method of something else and not its definition
  install: /(?:\bwindow\s*\.\s*|(?<![.\w$])(?<!function\s+))install\s*\(/,
  "postMessage('download')": /\bpostMessage\s*\(\s*(["'])download\1/,
  "postMessage('complete')": /\bpostMessage\s*\(\s*(["'])complete\1/,
  alert: /\balert\s*\(/,
} as const
export type KnownCall = keyof typeof KNOWN_CALLS
/** Calls only playables make: each network's end-card and CTA hooks. */
const PLAYABLE_CALLS: readonly KnownCall[] = [
  'gameReady',
  'gameEnd',
  'install',
  'FbPlayableAd.onCTAClick',
  "postMessage('download')",
  "postMessage('complete')",
]
const EXPAND_CALL = /\bmraid\s*\.\s*(expand|resize)\s*\(/g
const VIDEO_FILE = /\.(?:mp4|webm|ogv|mov|m4v)$/i

const CLICK_TAG_DECLARED = /(?:\b(?:var|let|const)\s+|\bwindow\s*\.\s*)clickTag\s*=(?!=)/i
/** A clickthrough opened with a URL written into the code instead of the ad server's clickTag. */
const HARD_CODED_CLICK =
  /(?:\b(?:window|mraid)\s*\.\s*open\s*\(\s*|\blocation(?:\s*\.\s*href)?\s*=\s*)["']https?:\/\//g
const BASE64_DATA_URI = /data:[\w/+.-]+(?:;[\w=.-]+)*;base64,[A-Za-z0-9+/=]+/g
const EVENT_HANDLER_ATTRIBUTE = /\son[a-z]+\s*=\s*(?:"([^"]*)"|'([^']*)')/gi

export interface PackageFacts {
  /** The zip as uploaded. */
  zipBytes: number
  /** Every file unpacked (system files such as __MACOSX left out), as shipped. */
  unpackedBytes: number
  files: number
  htmlFiles: number
  /** HTML files at the root of the zip, by name (networks name the entry they look for). */
  rootHtmlFiles: string[]
  /** .swf and .flv files, which HTML5 ad servers refuse. */
  flashFiles: number
  /** Entry HTML path, or null when the package has none. */
  entry: string | null
  entryBytes: number
  /** The entry and what it loads before its scripts run (IAB "initial load"), as shipped. */
  initialBytes: number
  initialRequests: number
  /** Bytes of base64 data: URIs inside text files (already part of their files' sizes). */
  inlinedBytes: number
  nestedZips: string[]
  unreferencedFiles: number
  /** References to files the package does not hold. */
  missingReferences: number
  externalReferences: string[]
  plainHttpReferences: string[]
  meta: { adSize: string | null; adOrientation: string | null }
  /** `playable_orientation` of a root config.json (TikTok / Pangle), as text. */
  playableOrientation: string | null
  mraidReferenced: boolean
  /** The code calls mraid methods without waiting for 'ready' (the inspector's warning). */
  mraidBeforeReady: boolean
  calls: KnownCall[]
  clickTag: { declared: boolean; outsideEntry: boolean; hardCodedClicks: number }
  /** The kind inferred, and why; absent in reports stored before it existed. */
  creative?: CreativeKindFacts
}

export function metaContent(html: string, name: string): string | null {
  const escaped = name.replace('.', '\\.')
  const tag = new RegExp(`<meta\\b[^>]*name\\s*=\\s*["']?${escaped}["']?[^>]*>`, 'i').exec(html)?.[0]
  const content = tag && /content\s*=\s*["']([^"']*)["']/i.exec(tag)?.[1]
  return content?.trim() || null
}

/** The JavaScript of onclick="..." and its kind in an HTML document (comments already stripped). */
export function eventHandlerCode(html: string): string[] {
  return [...html.matchAll(EVENT_HANDLER_ATTRIBUTE)].map((m) => m[1] ?? m[2] ?? '')
}

/** Collects facts as the inspector reads files; `facts()` answers them at the end. */
export class FactCollector {
  private readonly code: Array<{ file: string; code: string }> = []
  private readonly external = new Set<string>()
  private readonly plainHttp = new Set<string>()
  private inlined = 0
  private initialRequests = 1
  private entryHtml = ''
  private configJson: string | undefined
  private readonly storeLinks = new Set<string>()

  /** A text file as read (HTML, CSS, JS, JSON, SVG). */
  text(path: string, text: string, entry: string | null): void {
    for (const match of text.matchAll(BASE64_DATA_URI)) this.inlined += match[0].length
    for (const link of storeLinksIn(text)) this.storeLinks.add(link)
    if (path === entry) this.entryHtml = text
    if (path === 'config.json') this.configJson = text
  }

  /** Script code (comments stripped) or an inline event handler, and the file it is in. */
  script(file: string, code: string): void {
    this.code.push({ file, code })
  }

  reference(url: string, plainHttp: boolean): void {
    this.external.add(url)
    if (plainHttp) this.plainHttp.add(url)
  }

  initialRequest(): void {
    this.initialRequests++
  }

  facts(base: {
    zipBytes: number
    files: Array<{ path: string; size: number }>
    entry: string | null
    initialBytes: number
    referenced: Set<string>
    mraidReferenced: boolean
    /** The inspector's issue rules so far, for the facts it has already judged. */
    issueRules: string[]
  }): PackageFacts {
    const { files, entry } = base
    const all = this.code.map((c) => c.code).join('\n')
    const declaredIn = this.code.filter((c) => CLICK_TAG_DECLARED.test(c.code)).map((c) => c.file)
    const calls = (Object.keys(KNOWN_CALLS) as KnownCall[]).filter((call) => KNOWN_CALLS[call].test(all))
    const meta = {
      adSize: metaContent(this.entryHtml, 'ad.size'),
      adOrientation: metaContent(this.entryHtml, 'ad.orientation'),
    }
    const orientation = playableOrientation(this.configJson)
    const evidence: KindEvidence = {
      declaredSize: meta.adSize,
      playableHooks: [
        ...calls.filter((call) => PLAYABLE_CALLS.includes(call)),
        ...(orientation === null ? [] : ['config.json playable_orientation']),
      ],
      storeLinks: [...this.storeLinks].slice(0, 5),
      video: files.some((file) => VIDEO_FILE.test(file.path)) || /<video\b/i.test(this.entryHtml),
      expands: [...new Set([...all.matchAll(EXPAND_CALL)].map((m) => `mraid.${m[1]}`))],
      fullScreen: fullScreenSigns(meta.adSize, meta.adOrientation, all),
    }
    return {
      zipBytes: base.zipBytes,
      unpackedBytes: files.reduce((sum, file) => sum + file.size, 0),
      files: files.length,
      htmlFiles: files.filter((file) => /\.html?$/i.test(file.path)).length,
      rootHtmlFiles: files.filter((file) => /^[^/]+\.html?$/i.test(file.path)).map((file) => file.path),
      flashFiles: files.filter((file) => /\.(?:swf|flv)$/i.test(file.path)).length,
      entry,
      entryBytes: files.find((file) => file.path === entry)?.size ?? 0,
      initialBytes: entry ? base.initialBytes : 0,
      initialRequests: entry ? this.initialRequests : 0,
      inlinedBytes: this.inlined,
      nestedZips: files.filter((file) => /\.zip$/i.test(file.path)).map((file) => file.path),
      unreferencedFiles: entry ? files.filter((file) => !base.referenced.has(file.path)).length : 0,
      missingReferences: base.issueRules.filter((rule) => rule === 'reference.missing').length,
      externalReferences: [...this.external],
      plainHttpReferences: [...this.plainHttp],
      meta,
      playableOrientation: orientation,
      mraidReferenced: base.mraidReferenced,
      mraidBeforeReady: base.issueRules.includes('mraid.before-ready'),
      calls,
      clickTag: {
        declared: declaredIn.length > 0,
        outsideEntry: declaredIn.some((file) => file !== entry),
        hardCodedClicks: [...all.matchAll(HARD_CODED_CLICK)].length,
      },
      creative: { kind: inferKind(evidence), evidence },
    }
  }
}

function playableOrientation(configJson: string | undefined): string | null {
  if (configJson === undefined) return null
  try {
    const value = (JSON.parse(configJson) as { playable_orientation?: unknown }).playable_orientation
    return value === undefined || value === null ? null : String(value)
  } catch {
    return null
  }
}
