// The Ads Preview MRAID 3.0 host: served for any request ending in mraid.js when the package
// lacks one, so a creative runs in a browser tab as it would in an app's web view. Plain ES5-ish
// JavaScript on purpose: it runs inside the creative's sandboxed document, as is.
// Reference: IAB MRAID 3.0 (state machine, events, errors), with MRAID 2.0 behaviour kept.
;((window) => {
  if (window.mraid && window.mraid.__adsPreviewHost) return

  var document = window.document
  var params = new URLSearchParams(window.location.search)
  var placementType = params.get('placement') === 'interstitial' ? 'interstitial' : 'inline'
  var EVENTS = [
    'ready',
    'error',
    'stateChange',
    'viewableChange',
    'exposureChange',
    'sizeChange',
    'audioVolumeChange',
  ]
  var FEATURES = {
    sms: false,
    tel: false,
    calendar: false,
    storePicture: false,
    inlineVideo: true,
    vpaid: false,
    location: false,
  }

  window.MRAID_ENV = window.MRAID_ENV || {
    version: '3.0',
    sdk: 'Ads Preview',
    sdkVersion: '1.0',
    appId: 'ads-preview',
    ifa: '00000000-0000-0000-0000-000000000000',
    limitAdTracking: true,
    coppa: false,
  }

  var state = 'loading'
  var viewable = params.get('viewable') !== 'false'
  var exposure = viewable ? 100 : 0
  var volume = Number(params.get('volume') || 100)
  var listeners = {}
  var expandProperties = { width: -1, height: -1, useCustomClose: false, isModal: true }
  var resizeProperties = null
  var orientationProperties = { allowOrientationChange: true, forceOrientation: 'none' }
  var defaultPosition = null
  var currentPosition = null
  var closeRegion = null

  function notifyParent(kind, detail) {
    try {
      if (window.parent && window.parent !== window) {
        window.parent.postMessage({ source: 'ads-preview-mraid', kind: kind, detail: detail }, '*')
      }
    } catch (e) {
      /* the workbench may be absent */
    }
  }

  // The workbench tells the host the device it plays (`max` and `screen` as WxH); a plain
  // tab is its own device.
  function sizeParam(name) {
    var match = /^(\d+)x(\d+)$/.exec(params.get(name) || '')
    return match ? { width: Number(match[1]), height: Number(match[2]) } : null
  }
  function screenSize() {
    return (
      sizeParam('screen') || {
        width: window.screen.width || window.innerWidth,
        height: window.screen.height || window.innerHeight,
      }
    )
  }
  function maxSize() {
    return sizeParam('max') || { width: window.innerWidth, height: window.innerHeight }
  }
  function viewportPosition() {
    return { x: 0, y: 0, width: window.innerWidth, height: window.innerHeight }
  }

  function dispatch(event) {
    var args = Array.prototype.slice.call(arguments, 1)
    notifyParent('event', { event: event, args: args })
    // Copied first: a listener that removes itself must not make the next one skip.
    var copy = (listeners[event] || []).slice()
    for (var i = 0; i < copy.length; i++) {
      try {
        copy[i].apply(window, args)
      } catch (e) {
        if (window.console) window.console.error(e)
      }
    }
  }

  function fireError(message, action) {
    notifyParent('error', { message: message, action: action })
    dispatch('error', message, action)
  }

  function call(name, args) {
    notifyParent('call', { method: name, args: Array.prototype.slice.call(args) })
  }

  function setState(next) {
    if (state === next) return
    state = next
    dispatch('stateChange', next)
  }

  // A state change sets the new geometry before stateChange is announced (creatives check
  // getCurrentPosition in their listener); sizeChange follows when the container has resized
  // the web view, or after 300 ms when none does (a plain tab), once per change.
  var sizeTimer = null
  var reportedSize = null
  function reportSize(force) {
    if (!force) {
      currentPosition = viewportPosition()
      if (state === 'default') defaultPosition = currentPosition
    }
    var size = currentPosition.width + 'x' + currentPosition.height
    if (!force && size === reportedSize) return
    reportedSize = size
    dispatch('sizeChange', currentPosition.width, currentPosition.height)
  }
  function fireSize(afterStateChange) {
    if (afterStateChange) {
      clearTimeout(sizeTimer)
      sizeTimer = setTimeout(() => {
        sizeTimer = null
        reportSize(true)
      }, 300)
      return
    }
    if (sizeTimer !== null) {
      clearTimeout(sizeTimer)
      sizeTimer = null
      reportSize(true)
      return
    }
    reportSize(false)
  }

  function showCloseRegion() {
    if (closeRegion || !document.body) return
    closeRegion = document.createElement('div')
    closeRegion.setAttribute('role', 'button')
    closeRegion.setAttribute('aria-label', 'Close ad')
    closeRegion.setAttribute('data-mraid-close-region', '')
    closeRegion.style.cssText =
      'position:fixed;top:0;right:0;width:50px;height:50px;z-index:2147483647;cursor:pointer;' +
      'display:flex;align-items:center;justify-content:center;font:28px/1 sans-serif;color:#fff;' +
      'background:rgba(0,0,0,.45);'
    closeRegion.textContent = '\u00d7'
    closeRegion.addEventListener('click', () => {
      mraid.close()
    })
    document.body.appendChild(closeRegion)
  }
  function hideCloseRegion() {
    if (closeRegion && closeRegion.parentNode) closeRegion.parentNode.removeChild(closeRegion)
    closeRegion = null
  }

  function isNumber(value) {
    return typeof value === 'number' && isFinite(value)
  }

  var mraid = {
    __adsPreviewHost: true,
    getVersion: () => '3.0',
    getState: () => state,
    getPlacementType: () => placementType,
    isViewable: () => viewable,
    addEventListener: function (event, listener) {
      call('addEventListener', arguments)
      if (EVENTS.indexOf(event) < 0) return fireError('Unknown event: ' + event, 'addEventListener')
      if (typeof listener !== 'function')
        return fireError('The listener must be a function', 'addEventListener')
      listeners[event] = listeners[event] || []
      if (listeners[event].indexOf(listener) < 0) listeners[event].push(listener)
      // MRAID 3.0: a new exposureChange or audioVolumeChange listener hears the current value.
      if (event === 'exposureChange') {
        setTimeout(() => {
          listener(exposure, exposure > 0 ? viewportPosition() : null, null)
        }, 0)
      }
      if (event === 'audioVolumeChange') {
        setTimeout(() => {
          listener(volume)
        }, 0)
      }
    },
    removeEventListener: function (event, listener) {
      call('removeEventListener', arguments)
      if (EVENTS.indexOf(event) < 0) return fireError('Unknown event: ' + event, 'removeEventListener')
      if (!listeners[event]) return
      if (listener === undefined) {
        delete listeners[event]
        return
      }
      var at = listeners[event].indexOf(listener)
      if (at < 0) return fireError('The listener was not registered', 'removeEventListener')
      listeners[event].splice(at, 1)
    },
    open: function (url) {
      call('open', arguments)
      if (typeof url !== 'string' || url === '') return fireError('open needs a URL', 'open')
      // Synchronous, inside the creative's click, so the browser lets the tab open.
      window.open(url, '_blank')
    },
    close: function () {
      call('close', arguments)
      if (state === 'loading' || state === 'hidden')
        return fireError('close is not allowed in state ' + state, 'close')
      if (state === 'expanded' || state === 'resized') {
        hideCloseRegion()
        currentPosition = defaultPosition
        setState('default')
        fireSize(true)
        return
      }
      hideCloseRegion()
      setState('hidden')
    },
    unload: function () {
      call('unload', arguments)
      hideCloseRegion()
      setState('hidden')
    },
    expand: function (url) {
      call('expand', arguments)
      if (placementType === 'interstitial')
        return fireError('expand is not allowed for interstitials', 'expand')
      if (state !== 'default' && state !== 'resized') {
        return fireError('expand is not allowed in state ' + state, 'expand')
      }
      if (url !== undefined && url !== null && typeof url !== 'string')
        return fireError('expand URL must be a string', 'expand')
      if (url) window.open(url, '_blank')
      var max = maxSize()
      currentPosition = { x: 0, y: 0, width: max.width, height: max.height }
      setState('expanded')
      showCloseRegion()
      fireSize(true)
    },
    resize: function () {
      call('resize', arguments)
      if (placementType === 'interstitial')
        return fireError('resize is not allowed for interstitials', 'resize')
      if (state === 'expanded') return fireError('resize is not allowed in state expanded', 'resize')
      if (state !== 'default' && state !== 'resized')
        return fireError('resize is not allowed in state ' + state, 'resize')
      if (!resizeProperties) return fireError('Call setResizeProperties before resize', 'resize')
      currentPosition = {
        x: defaultPosition.x + resizeProperties.offsetX,
        y: defaultPosition.y + resizeProperties.offsetY,
        width: resizeProperties.width,
        height: resizeProperties.height,
      }
      setState('resized')
      showCloseRegion()
      fireSize(true)
    },
    getExpandProperties: () => {
      var max = maxSize()
      return {
        width: expandProperties.width < 0 ? max.width : expandProperties.width,
        height: expandProperties.height < 0 ? max.height : expandProperties.height,
        useCustomClose: expandProperties.useCustomClose,
        isModal: true,
      }
    },
    setExpandProperties: function (properties) {
      call('setExpandProperties', arguments)
      if (!properties || typeof properties !== 'object') {
        return fireError('setExpandProperties needs an object', 'setExpandProperties')
      }
      if (properties.width !== undefined && !isNumber(properties.width)) {
        return fireError('width must be a number', 'setExpandProperties')
      }
      if (properties.height !== undefined && !isNumber(properties.height)) {
        return fireError('height must be a number', 'setExpandProperties')
      }
      if (isNumber(properties.width)) expandProperties.width = properties.width
      if (isNumber(properties.height)) expandProperties.height = properties.height
      if (typeof properties.useCustomClose === 'boolean')
        expandProperties.useCustomClose = properties.useCustomClose
    },
    getResizeProperties: () => (resizeProperties ? JSON.parse(JSON.stringify(resizeProperties)) : undefined),
    setResizeProperties: function (properties) {
      call('setResizeProperties', arguments)
      var action = 'setResizeProperties'
      if (!properties || typeof properties !== 'object')
        return fireError('setResizeProperties needs an object', action)
      var required = ['width', 'height', 'offsetX', 'offsetY']
      for (var i = 0; i < required.length; i++) {
        if (!isNumber(properties[required[i]]))
          return fireError(required[i] + ' is required and must be a number', action)
      }
      if (properties.width < 50 || properties.height < 50)
        return fireError('The resized ad must be at least 50x50', action)
      var max = maxSize()
      var allowOffscreen = properties.allowOffscreen !== false
      var positions = [
        'top-left',
        'top-right',
        'center',
        'bottom-left',
        'bottom-right',
        'top-center',
        'bottom-center',
      ]
      var closePosition = properties.customClosePosition || 'top-right'
      if (positions.indexOf(closePosition) < 0)
        return fireError('Unknown customClosePosition: ' + closePosition, action)
      if (!allowOffscreen && (properties.width > max.width || properties.height > max.height)) {
        return fireError('The resized ad does not fit on screen and allowOffscreen is false', action)
      }
      // The close region must stay on screen whatever allowOffscreen says (MRAID 2.0 §resize).
      var x = properties.offsetX
      var y = properties.offsetY
      var closeX =
        closePosition.indexOf('left') >= 0
          ? x
          : closePosition.indexOf('right') >= 0
            ? x + properties.width - 50
            : x + properties.width / 2 - 25
      var closeY =
        closePosition.indexOf('top') >= 0
          ? y
          : closePosition.indexOf('bottom') >= 0
            ? y + properties.height - 50
            : y + properties.height / 2 - 25
      if (closeX < 0 || closeY < 0 || closeX + 50 > max.width || closeY + 50 > max.height) {
        return fireError('The close region would be off screen', action)
      }
      resizeProperties = {
        width: properties.width,
        height: properties.height,
        offsetX: x,
        offsetY: y,
        customClosePosition: closePosition,
        allowOffscreen: allowOffscreen,
      }
    },
    getOrientationProperties: () => ({
      allowOrientationChange: orientationProperties.allowOrientationChange,
      forceOrientation: orientationProperties.forceOrientation,
    }),
    setOrientationProperties: function (properties) {
      call('setOrientationProperties', arguments)
      if (!properties || typeof properties !== 'object') {
        return fireError('setOrientationProperties needs an object', 'setOrientationProperties')
      }
      if (
        properties.forceOrientation !== undefined &&
        ['portrait', 'landscape', 'none'].indexOf(properties.forceOrientation) < 0
      ) {
        return fireError('forceOrientation must be portrait, landscape or none', 'setOrientationProperties')
      }
      if (typeof properties.allowOrientationChange === 'boolean') {
        orientationProperties.allowOrientationChange = properties.allowOrientationChange
      }
      if (properties.forceOrientation) orientationProperties.forceOrientation = properties.forceOrientation
    },
    getCurrentAppOrientation: () => ({
      orientation: window.innerWidth > window.innerHeight ? 'landscape' : 'portrait',
      locked: false,
    }),
    getCurrentPosition: () => currentPosition || viewportPosition(),
    getDefaultPosition: () => defaultPosition || viewportPosition(),
    getMaxSize: maxSize,
    getScreenSize: screenSize,
    getLocation: () => -1,
    supports: (feature) => FEATURES[feature] === true,
    useCustomClose: function () {
      // Deprecated in MRAID 3.0: the container always draws its close region.
      call('useCustomClose', arguments)
    },
    storePicture: function () {
      call('storePicture', arguments)
      fireError('storePicture is not supported', 'storePicture')
    },
    createCalendarEvent: function () {
      call('createCalendarEvent', arguments)
      fireError('createCalendarEvent is not supported', 'createCalendarEvent')
    },
    playVideo: function (url) {
      call('playVideo', arguments)
      if (typeof url !== 'string' || url === '') return fireError('playVideo needs a URL', 'playVideo')
      window.open(url, '_blank')
    },
  }

  window.mraid = mraid

  // The workbench (the parent frame) drives viewability, exposure, volume and size.
  window.addEventListener('message', (message) => {
    var data = message.data
    if (message.source !== window.parent || !data || data.source !== 'ads-preview-workbench') return
    if (data.type === 'viewable' && typeof data.value === 'boolean' && data.value !== viewable) {
      viewable = data.value
      dispatch('viewableChange', viewable)
      exposure = viewable ? 100 : 0
      dispatch('exposureChange', exposure, viewable ? viewportPosition() : null, null)
    } else if (data.type === 'exposure' && isNumber(data.value)) {
      exposure = Math.max(0, Math.min(100, data.value))
      var nowViewable = exposure > 0
      if (nowViewable !== viewable) {
        viewable = nowViewable
        dispatch('viewableChange', viewable)
      }
      dispatch('exposureChange', exposure, exposure > 0 ? viewportPosition() : null, null)
    } else if (data.type === 'volume' && isNumber(data.value)) {
      volume = data.value
      dispatch('audioVolumeChange', volume)
    }
  })

  // The workbench's console also shows the creative's console output and network requests.
  if (window.parent !== window) {
    ;['log', 'info', 'warn', 'error'].forEach((level) => {
      var original = window.console && window.console[level]
      if (!original) return
      window.console[level] = function () {
        var parts = Array.prototype.map.call(arguments, (value) => {
          try {
            return typeof value === 'string' ? value : JSON.stringify(value)
          } catch (e) {
            return String(value)
          }
        })
        notifyParent('console', { level: level, message: parts.join(' ') })
        return original.apply(window.console, arguments)
      }
    })
    window.addEventListener('error', (event) => {
      notifyParent('console', { level: 'error', message: String(event.message) })
    })
    if (window.PerformanceObserver) {
      try {
        new window.PerformanceObserver((list) => {
          list.getEntries().forEach((entry) => {
            notifyParent('network', {
              url: entry.name,
              type: entry.initiatorType,
              bytes: entry.transferSize || 0,
            })
          })
        }).observe({ type: 'resource', buffered: true })
      } catch (e) {
        /* older engines */
      }
    }
  }

  window.addEventListener('resize', () => {
    if (state !== 'loading' && state !== 'hidden') fireSize()
  })

  function ready() {
    defaultPosition = viewportPosition()
    currentPosition = defaultPosition
    reportedSize = defaultPosition.width + 'x' + defaultPosition.height
    setState('default')
    dispatch('ready')
    if (placementType === 'interstitial') showCloseRegion()
  }
  // Ready after the document has been parsed, so listeners the creative adds right after
  // loading mraid.js hear it.
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', ready)
  else setTimeout(ready, 0)
})(window)
