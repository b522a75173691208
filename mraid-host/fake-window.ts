// A small stand-in for the creative's window (node:vm context) in which the bundled host runs:
// enough DOM for the host (elements, events, computed style), a parent frame that records what
// the host reports, and a way to send it container messages and browser events.
import vm from 'node:vm'
import { vi } from 'vitest'
import { CONTAINER_MESSAGE_SOURCE, type ContainerCommand } from '../shared/mraid/host-protocol.ts'

type Handler = (event: Record<string, unknown>) => void

function eventTarget() {
  const handlers = new Map<string, Handler[]>()
  return {
    addEventListener(type: string, handler: Handler) {
      handlers.set(type, [...(handlers.get(type) ?? []), handler])
    },
    removeEventListener(type: string, handler: Handler) {
      handlers.set(
        type,
        (handlers.get(type) ?? []).filter((h) => h !== handler),
      )
    },
    dispatchEvent(event: { type: string; [key: string]: unknown }) {
      for (const handler of handlers.get(event.type) ?? []) handler(event as Record<string, unknown>)
      return true
    },
  }
}

export interface FakeElement {
  tagName: string
  src?: string
  /** An iframe's window: what the host posts to it is kept in `posted`. */
  contentWindow?: { postMessage(message: unknown): void; posted: unknown[] }
  style: Record<string, string>
  textContent: string
  attributes: Map<string, string>
  parentNode: { removeChild(el: FakeElement): void } | null
  click(): void
  remove(): void
}

export interface FakeWindowOptions {
  search?: string
  /** A parent frame (the workbench) receives the host's reports. */
  framed?: boolean
  readyState?: 'loading' | 'complete'
  /** Something already defined window.mraid (an app's SDK). */
  mraid?: unknown
  /** The web view's size (320x480 unless said). */
  viewport?: { width: number; height: number }
  /** What screen.orientation.type says (a desktop's screen is landscape). */
  screenOrientation?: string
}

export function loadHost(script: string, options: FakeWindowOptions = {}) {
  const body = {
    children: [] as FakeElement[],
    appendChild(el: FakeElement) {
      el.parentNode = body
      body.children.push(el)
    },
    removeChild(el: FakeElement) {
      body.children = body.children.filter((child) => child !== el)
      el.parentNode = null
    },
  }
  const createElement = (tagName: string): FakeElement => {
    const target = eventTarget()
    const posted: unknown[] = []
    const el: FakeElement & ReturnType<typeof eventTarget> = {
      ...target,
      tagName: tagName.toUpperCase(),
      ...(tagName === 'iframe'
        ? { contentWindow: { postMessage: (m: unknown) => posted.push(m), posted } }
        : {}),
      style: {},
      textContent: '',
      attributes: new Map(),
      parentNode: null,
      click: () => target.dispatchEvent({ type: 'click' }),
      remove: () => el.parentNode?.removeChild(el),
    }
    return Object.assign(el, {
      setAttribute: (name: string, value: string) => el.attributes.set(name, value),
    })
  }
  const reports: { kind: string; detail: Record<string, unknown> }[] = []
  const parent = { postMessage: (message: (typeof reports)[number]) => reports.push(message) }
  const windowTarget = eventTarget()
  const window: Record<string, unknown> = {
    ...windowTarget,
    location: { search: options.search ?? '' },
    innerWidth: options.viewport?.width ?? 320,
    innerHeight: options.viewport?.height ?? 480,
    screen: {
      width: 390,
      height: 844,
      ...(options.screenOrientation ? { orientation: { type: options.screenOrientation } } : {}),
    },
    navigator: { userAgent: 'FakeBrowser/1.0' },
    devicePixelRatio: 3,
    open: vi.fn(),
    setTimeout,
    clearTimeout,
    URLSearchParams,
    URL,
    Event: class {
      constructor(readonly type: string) {}
    },
    getComputedStyle: () => ({
      paddingTop: '0px',
      paddingRight: '0px',
      paddingBottom: '0px',
      paddingLeft: '0px',
    }),
    console: { log: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() },
    alert: vi.fn(),
    confirm: vi.fn(() => true),
    prompt: vi.fn(() => 'typed'),
    document: {
      readyState: options.readyState ?? 'complete',
      visibilityState: 'visible',
      body,
      documentElement: { style: {} as Record<string, string> },
      ...eventTarget(),
      createElement,
    },
    ...(options.mraid ? { mraid: options.mraid } : {}),
  }
  window.window = window
  window.parent = options.framed ? parent : window
  vm.runInNewContext(script, window)

  return {
    window,
    body,
    reports,
    /** The page finished loading. */
    load: () => {
      ;(window.document as { readyState: string }).readyState = 'complete'
      windowTarget.dispatchEvent({ type: 'load' })
    },
    /** The container resized the web view. */
    resize(width: number, height: number) {
      window.innerWidth = width
      window.innerHeight = height
      windowTarget.dispatchEvent({ type: 'resize' })
    },
    /** A message from the container (the parent frame). */
    send(command: ContainerCommand) {
      windowTarget.dispatchEvent({
        type: 'message',
        source: window.parent,
        data: { source: CONTAINER_MESSAGE_SOURCE, ...command },
      })
    },
    /** A message from another window (a frame of the ad's own). */
    receive(source: unknown, data: unknown) {
      windowTarget.dispatchEvent({ type: 'message', source, data })
    },
    frames: () => body.children.filter((child) => child.tagName === 'IFRAME'),
    on: (type: string, handler: Handler) => windowTarget.addEventListener(type, handler),
    closeRegion: () => body.children.find((child) => child.attributes.has('data-mraid-close-region')),
  }
}

export const tick = (ms = 5) => new Promise((resolve) => setTimeout(resolve, ms))
export { vm }
