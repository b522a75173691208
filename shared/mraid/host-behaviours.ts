// What every profile's host does where the reference SDK bridges agree (Prebid Mobile's and
// Verve HyBid's mraid.js and their native sides), each with where it is written. Where the SDKs
// disagree, the profile decides (host-profiles.ts) and this table says so. docs/architecture.md
// shows this table; a unit test keeps the two the same.

const PREBID = 'prebid/prebid-mobile-android PrebidMobile-core/src/main/res/raw/mraid.js'
const HYBID = 'pubnative/pubnative-hybid-android-sdk lite.sdk/.../mraid/assets/mraid.js'

export interface HostBehaviour {
  id: string
  /** What the host does, as a creative sees it. */
  behaviour: string
  source: string
}

export const HOST_BEHAVIOURS: readonly HostBehaviour[] = [
  {
    id: 'viewability',
    behaviour:
      'not viewable until shown: `isViewable()` false at first, then `ready`, then `viewableChange(true)` and `exposureChange` once on screen; false and 0 when scrolled away or in another tab',
    source: `${PREBID} (\`mraid.viewable = false\`), ${HYBID} (\`isViewable = false\`); MRAID 3.0 exposureChange`,
  },
  {
    id: 'orientation',
    behaviour:
      '`setOrientationProperties` of an interstitial or an expanded ad turns the device and locks it; `getCurrentAppOrientation()` tells the real orientation (a plain tab cannot turn: it says so in the console)',
    source: `${PREBID} (\`onOrientationPropertiesChanged\` to the native side), ${HYBID} (\`setOrientationProperties\` to the native side); MRAID 3.0 getCurrentAppOrientation`,
  },
  {
    id: 'hiding',
    behaviour:
      '`close()` from default and `unload()` hide the ad: state hidden, `viewableChange(false)`, `exposureChange(0)`',
    source:
      'MRAID 3.0 close and unload (the container removes the ad); Prebid and HyBid native sides dismiss the web view',
  },
  {
    id: 'resize-defaults',
    behaviour:
      '`getResizeProperties()` before `setResizeProperties`: width and height 0, offsets 0, `top-right`, `allowOffscreen` true',
    source: `${PREBID} and ${HYBID} (\`resizeProperties\` initial values)`,
  },
  {
    id: 'two-part-expand',
    behaviour:
      '`expand(url)` loads part 2 in the expanded container of the same ad, in state expanded, without `MRAID_ENV`; its `close()` returns the ad to default',
    source: `${PREBID} (\`onReadyExpanded\`: a second web view hears ready in state expanded); MRAID 2.0 two-part expand`,
  },
  {
    id: 'use-custom-close',
    behaviour:
      '`useCustomClose(b)` reads back from `getExpandProperties().useCustomClose`; the close control is drawn anyway',
    source: `${PREBID} and ${HYBID} (\`useCustomClose\` stores \`expandProperties.useCustomClose\`)`,
  },
  {
    id: 'open-url',
    behaviour:
      '`open()` and `playVideo()` of a string that is not an absolute URL fire `error` and open nothing',
    source:
      'MRAID 3.0 open(URL) and playVideo(URI): the argument is a URL; the native sides open only a parsed URL',
  },
  {
    id: 'interstitial-expand-resize',
    behaviour:
      '`expand()` and `resize()` of an interstitial: ignored by the SDK profiles, an `error` under IAB MRAID 3.0 (the profile decides)',
    source: `${HYBID} (\`expand\` and \`resize\` return at once for an interstitial); MRAID 3.0 error event for the IAB profile`,
  },
  {
    id: 'close-position',
    behaviour: 'the close control of a resized ad sits where `customClosePosition` says',
    source: `MRAID 2.0 setResizeProperties customClosePosition; ${HYBID} (\`isCloseRegionOnScreen\`)`,
  },
  {
    id: 'close-log',
    behaviour:
      'the workbench console says who closed the ad (the host’s close control or the ad), and shows `alert`, `confirm` and `prompt` text as lines',
    source:
      'the SDKs draw their own close control and log dialogs instead of blocking the app (WebChromeClient.onJsAlert)',
  },
]
