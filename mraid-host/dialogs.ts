// alert, confirm and prompt in a frame without allow-modals do nothing and answer at once; an
// SDK's web view hands them to the app, which logs them. In the workbench (and on a phone of a
// live session) each becomes a console line, answering as the sandboxed frame would.
import type { Report } from './container-link.ts'
import type { HostWindow } from './host-window.ts'

const ANSWERS = { alert: undefined, confirm: false, prompt: null } as const

export function reportDialogs(window: HostWindow, report: Report): void {
  for (const level of Object.keys(ANSWERS) as (keyof typeof ANSWERS)[]) {
    Object.defineProperty(window, level, {
      configurable: true,
      writable: true,
      value: (message?: unknown) => {
        report('console', { level, message: message === undefined ? '' : String(message) })
        return ANSWERS[level]
      },
    })
  }
}
