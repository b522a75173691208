// WebRTC sends UDP (STUN, TURN) from the browser's own sockets, which no request interception
// sees: a creative with a TURN server of its choosing could carry data out in an Allocate.
// Every RTC interface is removed from each document of a render (frames and popups included,
// about:blank ones too) before any of the creative's scripts runs. Workers expose no
// RTCPeerConnection. The launch flag and the network namespace (browser.ts) hold even if a
// creative found one anyway.

export const NO_WEBRTC_SCRIPT = `(() => {
  for (const name of Object.getOwnPropertyNames(window))
    if (/^(webkit)?RTC/.test(name)) try { delete window[name] } catch (e) {}
})()`
