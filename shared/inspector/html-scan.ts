// Finds what a creative's HTML, CSS and JS actually request. Comments are removed first, and JS
// counts only where it assigns a URL to something that loads it, so URLs inside comments or
// inside bundled libraries' strings are not taken for requests (../shared/corpus README).

export interface Reference {
  url: string
  /** What would load it: `script`, `img`, `link`, `media`, `iframe`, `css`, `js`. */
  kind: string
}

const ATTRIBUTE_REFERENCES: Array<{ tag: string; attribute: string; kind: string }> = [
  { tag: 'script', attribute: 'src', kind: 'script' },
  { tag: 'img', attribute: 'src', kind: 'img' },
  { tag: 'link', attribute: 'href', kind: 'link' },
  { tag: 'video', attribute: 'src', kind: 'media' },
  { tag: 'video', attribute: 'poster', kind: 'img' },
  { tag: 'audio', attribute: 'src', kind: 'media' },
  { tag: 'source', attribute: 'src', kind: 'media' },
  { tag: 'iframe', attribute: 'src', kind: 'iframe' },
  { tag: 'embed', attribute: 'src', kind: 'media' },
  { tag: 'input', attribute: 'src', kind: 'img' },
]

export function stripHtmlComments(html: string): string {
  return html.replace(/<!--[\s\S]*?-->/g, '')
}

/** Removes // and /* *\/ comments while leaving string and template literals intact. */
export function stripJsComments(js: string): string {
  const kept: string[] = []
  let from = 0
  let i = 0
  while (i < js.length) {
    const c = js.charCodeAt(i)
    if (c === 34 || c === 39 || c === 96) {
      // a string or template literal: skip to its closing quote
      let j = i + 1
      while (j < js.length && js.charCodeAt(j) !== c) j += js.charCodeAt(j) === 92 ? 2 : 1
      i = j + 1
    } else if (c === 47 && js.charCodeAt(i + 1) === 47) {
      kept.push(js.slice(from, i))
      const end = js.indexOf('\n', i)
      i = end < 0 ? js.length : end
      from = i
    } else if (c === 47 && js.charCodeAt(i + 1) === 42) {
      kept.push(js.slice(from, i), ' ')
      const end = js.indexOf('*/', i + 2)
      i = end < 0 ? js.length : end + 2
      from = i
    } else i++
  }
  kept.push(js.slice(from))
  return kept.join('')
}

function attributeValue(tagSource: string, attribute: string): string | undefined {
  const match = new RegExp(`\\s${attribute}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tagSource)
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined
}

export function htmlReferences(html: string): Reference[] {
  const source = stripHtmlComments(html)
  const references: Reference[] = []
  for (const { tag, attribute, kind } of ATTRIBUTE_REFERENCES) {
    for (const match of source.matchAll(new RegExp(`<${tag}\\b[^>]*>`, 'gi'))) {
      const url = attributeValue(match[0], attribute)
      if (url) references.push({ url: url.trim(), kind })
    }
  }
  for (const css of inlineBlocks(source, 'style')) references.push(...cssReferences(css))
  for (const match of source.matchAll(/\sstyle\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)) {
    references.push(...cssReferences(match[1] ?? match[2] ?? ''))
  }
  return references
}

function inlineBlocks(html: string, tag: string): string[] {
  return [...html.matchAll(new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)</${tag}>`, 'gi'))].map((m) => m[1] ?? '')
}

export function inlineScripts(html: string): string[] {
  return inlineBlocks(stripHtmlComments(html), 'script')
}

export function cssReferences(css: string): Reference[] {
  const source = css.replace(/\/\*[\s\S]*?\*\//g, '')
  const references: Reference[] = []
  for (const match of source.matchAll(/url\(\s*(?:"([^"]*)"|'([^']*)'|([^)\s]*))\s*\)/gi)) {
    const url = match[1] ?? match[2] ?? match[3]
    if (url) references.push({ url, kind: 'css' })
  }
  for (const match of source.matchAll(/@import\s+(?:"([^"]*)"|'([^']*)')/gi)) {
    const url = match[1] ?? match[2]
    if (url) references.push({ url, kind: 'css' })
  }
  return references
}

/** URLs that script code (comments already stripped) hands to something that loads them. */
export function jsReferences(source: string): Reference[] {
  const q = `(?:"([^"\\n]*)"|'([^'\\n]*)')`
  const patterns = [
    new RegExp(`\\.src\\s*=\\s*${q}`, 'g'),
    new RegExp(`setAttribute\\(\\s*["'](?:src|href)["']\\s*,\\s*${q}`, 'g'),
    new RegExp(`\\bfetch\\(\\s*${q}`, 'g'),
    new RegExp(`\\.open\\(\\s*["'](?:GET|POST)["']\\s*,\\s*${q}`, 'gi'),
  ]
  const references: Reference[] = []
  for (const pattern of patterns) {
    for (const match of source.matchAll(pattern)) {
      const url = match[1] ?? match[2]
      if (url) references.push({ url, kind: 'js' })
    }
  }
  return references
}

/** Whether script code (comments already stripped) loads mraid.js itself (an injected `<script src="mraid.js">`). */
export function jsMentionsMraid(code: string): boolean {
  return /["'](?:[^"'\n]*\/)?mraid\.js["']/.test(code)
}

export function isExternal(url: string): boolean {
  return /^(?:[a-z][a-z0-9+.-]*:)?\/\//i.test(url)
}

export function isPlainHttp(url: string): boolean {
  return /^http:\/\//i.test(url)
}

/** A reference that is data, an anchor, a script scheme or an ad-server macro (${...}, {{...}}, %%...%%), not a file. */
export function isNonFileUrl(url: string): boolean {
  return (
    url === '' || /^(?:data:|blob:|about:|javascript:|mailto:|tel:|#)/i.test(url) || /\$\{|\{\{|%%/.test(url)
  )
}
