// The Ads Preview MRAID 3.0 host, bundled into one script (mraid-host.js) and served for any
// request ending in mraid.js when the package lacks one, so a creative runs in a browser tab as
// it would in an app's web view. Reference: IAB MRAID 3.0 (state machine, events, errors), with
// MRAID 2.0 behaviour kept.

import { createContainerLink } from './container-link.ts'
import { readHostOptions } from './host-options.ts'
import type { HostWindow } from './host-window.ts'
import { createMraid } from './mraid-api.ts'
import { observePage } from './page-observer.ts'
import { isNumber } from './resize-properties.ts'

declare global {
  interface Window {
    mraid?: { __adsPreviewHost?: boolean }
    MRAID_ENV?: Record<string, unknown>
  }
}

function install(window: HostWindow): void {
  if (window.mraid?.__adsPreviewHost) return
  const options = readHostOptions(window.location.search)
  const link = createContainerLink(window)
  window.MRAID_ENV = window.MRAID_ENV ?? {
    version: '3.0',
    sdk: 'Ads Preview',
    sdkVersion: '1.0',
    appId: 'ads-preview',
    ifa: '00000000-0000-0000-0000-000000000000',
    limitAdTracking: true,
    coppa: false,
  }
  const { mraid, container } = createMraid({ window, options, report: link.report })
  window.mraid = Object.assign(mraid, { __adsPreviewHost: true })

  // The workbench (the parent frame) drives viewability, exposure and volume.
  link.onMessage((message) => {
    if (message.type === 'viewable' && typeof message.value === 'boolean')
      container.setViewable(message.value)
    else if (message.type === 'exposure' && isNumber(message.value)) container.setExposure(message.value)
    else if (message.type === 'volume' && isNumber(message.value)) container.setVolume(message.value)
  })
  // The workbench's console also shows the creative's console output and network requests.
  if (link.framed) observePage(window, link.report)
  window.addEventListener('resize', () => container.resized())

  // Ready after the document has been parsed, so listeners the creative adds right after
  // loading mraid.js hear it.
  if (window.document.readyState === 'loading')
    window.document.addEventListener('DOMContentLoaded', () => container.ready())
  else setTimeout(() => container.ready(), 0)
}

install(window)
