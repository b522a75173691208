// What the runtime audit installs in the creative's document before any of its scripts run: it
// notes audio that starts, the CTA calls a network would receive (each network's call stubbed
// so a creative built for it makes it), when mraid says 'ready', long tasks and errors. Plain
// JavaScript in a string on purpose: a serialised function would carry the bundler's helpers.
// The creative could tamper with these notes; it would only spoil its own verdict.

/** The probe's notes, as the audit reads them (times in ms since navigation). */
export interface ProbeNotes {
  audio: Array<{ at: number; kind: 'media' | 'webaudio' }>
  calls: Array<{ at: number; call: string; url: string | null }>
  errors: string[]
  consoleErrors: string[]
  longTasks: number
  readyAt: number | null
  /** Media playing unmuted, or a Web Audio context running with sound started, right now. */
  audible: boolean
}

export const PROBE_GLOBAL = '__adsPreviewAudit'

export const PROBE_SCRIPT = `(() => {
  if (window.top !== window || window.${PROBE_GLOBAL}) return
  var notes = { audio: [], calls: [], errors: [], consoleErrors: [], longTasks: 0, readyAt: null }
  var media = [], contexts = [], sounding = false, inMraidOpen = false
  var now = function () { return Math.round(performance.now()) }
  var text = function (value) { try { return String(value).slice(0, 300) } catch (e) { return '?' } }
  var record = function (call, url) {
    if (notes.calls.length < 50) notes.calls.push({ at: now(), call: call, url: url == null ? null : text(url) })
  }
  Object.defineProperty(window, '${PROBE_GLOBAL}', {
    value: {
      read: function () {
        var audible = sounding && contexts.some(function (c) { return c.state === 'running' })
        media.forEach(function (m) { if (!m.paused && !m.muted && m.volume > 0) audible = true })
        return JSON.parse(JSON.stringify(Object.assign({}, notes, { audible: audible })))
      },
    },
  })

  var play = HTMLMediaElement.prototype.play
  HTMLMediaElement.prototype.play = function () {
    if (media.indexOf(this) < 0) media.push(this)
    if (!this.muted && this.volume > 0) notes.audio.push({ at: now(), kind: 'media' })
    return play.apply(this, arguments)
  }
  var Source = window.AudioScheduledSourceNode
  if (Source) {
    var start = Source.prototype.start
    Source.prototype.start = function () {
      sounding = true
      if (contexts.indexOf(this.context) < 0) contexts.push(this.context)
      notes.audio.push({ at: now(), kind: 'webaudio' })
      return start.apply(this, arguments)
    }
  }

  // Nothing opens: the audit notes where the ad would have gone.
  window.open = function (url) {
    if (!inMraidOpen) record('window.open', url)
    return null
  }
  var wrap = function (mraid) {
    if (!mraid || typeof mraid.open !== 'function' || mraid.__audited) return mraid
    var mraidOpen = mraid.open
    mraid.open = function (url) {
      record('mraid.open', url)
      inMraidOpen = true
      try { return mraidOpen.apply(this, arguments) } finally { inMraidOpen = false }
    }
    try {
      mraid.addEventListener('ready', function () { if (notes.readyAt === null) notes.readyAt = now() })
    } catch (e) {}
    mraid.__audited = true
    return mraid
  }
  var current
  Object.defineProperty(window, 'mraid', {
    configurable: true,
    get: function () { return current },
    set: function (value) { current = wrap(value) },
  })
  // The calls other networks' containers provide; a creative built for one of them makes it.
  window.FbPlayableAd = { onCTAClick: function () { record('FbPlayableAd.onCTAClick', null) } }
  window.install = function () { record('install', null) }
  window.gameReady = function () { record('gameReady', null) }
  window.gameEnd = function () { record('gameEnd', null) }
  window.addEventListener('message', function (event) {
    if (event.data === 'download' || event.data === 'complete') record("postMessage('" + event.data + "')", null)
  })

  window.addEventListener('error', function (event) {
    if (notes.errors.length < 20) notes.errors.push(text(event.message || event.error))
  })
  window.addEventListener('unhandledrejection', function (event) {
    if (notes.errors.length < 20) notes.errors.push('Unhandled rejection: ' + text(event.reason))
  })
  var consoleError = console.error
  console.error = function () {
    if (notes.consoleErrors.length < 20) notes.consoleErrors.push(Array.prototype.map.call(arguments, text).join(' '))
    return consoleError.apply(console, arguments)
  }
  try {
    new PerformanceObserver(function (list) { notes.longTasks += list.getEntries().length })
      .observe({ type: 'longtask', buffered: true })
  } catch (e) {}
})()`
