// The Ads Preview MRAID 3.0 host, bundled into one script (mraid-host.js) and served for any
// request ending in mraid.js when the package lacks one, and placed before the creative's first
// script in index_url, so a creative runs in a browser tab as it would in an app's web view.
// Reference: IAB MRAID 3.0 (state machine, events, errors), with MRAID 2.0 behaviour kept.

import type { ContainerMessage } from '../shared/mraid/host-protocol.ts'
import { createContainerLink, type Report } from './container-link.ts'
import { createDevice } from './device.ts'
import { reportDialogs } from './dialogs.ts'
import { readHostOptions } from './host-options.ts'
import type { HostWindow } from './host-window.ts'
import { createLiveReporter, liveSecretOf } from './live-reporter.ts'
import { createMraid } from './mraid-api.ts'
import { observePage } from './page-observer.ts'
import { isNumber } from './resize-properties.ts'

declare global {
  interface Window {
    mraid?: unknown
    MRAID_ENV?: Record<string, unknown>
  }
}

function install(window: HostWindow): void {
  // Loaded twice (index_url places it first, the creative loads mraid.js itself), or an app's
  // SDK already put its own in place: the first one stays.
  if (window.mraid) return
  const options = readHostOptions(window.location.search)
  const link = createContainerLink(window)
  // A phone in a live session tells the server too (live-reporter.ts).
  const liveSecret = liveSecretOf(window.location.search)
  const live = liveSecret ? createLiveReporter(window, liveSecret) : null
  const report: Report = live
    ? (kind, detail) => {
        link.report(kind, detail)
        live(kind, detail)
      }
    : link.report
  // MRAID_ENV as the SDK played defines it (a 2.0 SDK defines none), in the ad's first web view
  // only: the SDKs load part 2 of a two-part expand without it.
  if (!window.MRAID_ENV && options.profile.env && !options.expandedPart)
    window.MRAID_ENV = { ...options.profile.env }
  const device = createDevice(window, options, report)
  const { mraid, container } = createMraid({ window, options, report, device })
  window.mraid = mraid

  const onContainerMessage = (message: ContainerMessage) => {
    container.forward(message)
    switch (message.type) {
      case 'viewable':
        if (typeof message.value === 'boolean') container.setViewable(message.value)
        break
      case 'exposure':
        if (isNumber(message.value)) container.setExposure(message.value)
        break
      case 'volume':
        if (isNumber(message.value)) container.setVolume(message.value)
        break
      case 'position':
        options.offset = { x: message.x, y: message.y }
        container.moved()
        break
      case 'device': {
        const turned = message.orientation !== device.orientation()
        Object.assign(options, {
          screen: message.screen,
          maxSize: message.maxSize,
          orientation: message.orientation,
          safeArea: message.safeArea,
        })
        if (turned) device.rotated()
        device.report(container.sizes())
        break
      }
    }
  }
  // The workbench (the parent frame) plays the app: viewability, exposure, volume, the device.
  link.onMessage(onContainerMessage)
  // The workbench's console also shows the creative's console output and network requests.
  if (link.framed || live) observePage(window, report)
  // A frame without allow-modals swallows dialogs; the workbench shows them as lines instead.
  if (link.framed) reportDialogs(window, report)
  // A task later, so that a rotation the container sent before resizing the web view applies
  // first and sizeChange listeners read the new screen.
  window.addEventListener('resize', () =>
    setTimeout(() => {
      container.resized()
      if (options.orientation === null) device.report(container.sizes())
    }, 0),
  )

  // Ready once the page has loaded, as the SDKs fire it (after the web view's page-finished),
  // and after the creative's own load listeners: at window.onload the state is still loading.
  const ready = () =>
    setTimeout(() => {
      container.ready()
      device.report(container.sizes())
    }, 0)
  if (window.document.readyState === 'complete') ready()
  else window.addEventListener('load', ready)
}

install(window)
