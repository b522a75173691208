// The creative's console output, uncaught errors and network requests, reported to the container.

import type { Report } from './container-link.ts'
import type { HostWindow } from './host-window.ts'

const LEVELS = ['log', 'info', 'warn', 'error'] as const

function text(value: unknown): string {
  if (typeof value === 'string') return value
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value)
  }
}

export function observePage(window: HostWindow, report: Report): void {
  const console = window.console
  for (const level of LEVELS) {
    const original = console?.[level]
    if (!original) continue
    console[level] = (...args: unknown[]) => {
      report('console', { level, message: args.map(text).join(' ') })
      original.apply(console, args)
    }
  }
  // Uncaught errors are errors (the console's error filter), named as such beside MRAID's own.
  window.addEventListener('error', (event) => {
    const where = event.filename ? ` (${event.filename}:${event.lineno})` : ''
    report('error', { action: 'uncaught', message: `${String(event.message)}${where}` })
  })
  window.addEventListener('unhandledrejection', (event) => {
    const reason = event.reason as { message?: unknown } | undefined
    const message = typeof reason?.message === 'string' ? String(reason) : text(reason)
    report('error', { action: 'unhandled rejection', message })
  })
  if (!window.PerformanceObserver) return
  try {
    new window.PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceResourceTiming[]) {
        report('network', { url: entry.name, type: entry.initiatorType, bytes: entry.transferSize || 0 })
      }
    }).observe({ type: 'resource', buffered: true })
  } catch {
    // Engines without resource timing: no network lines.
  }
}
