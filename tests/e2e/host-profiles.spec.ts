// Each SDK profile of the workbench, read back by a creative (tests/fixtures/profile-probe.ts)
// that asks what differs between SDKs and what they all agree on (viewable only once shown,
// after ready), then hears the workbench make the ad not viewable. A new exposureChange
// listener first hears the current exposure (MRAID 3.0).
import { expect, test } from '@playwright/test'
import type { HostProfileId } from '../../shared/mraid/host-profiles.ts'
import { profileProbePackage } from '../fixtures/profile-probe.ts'
import { uploadOverHttp } from '../helpers/http-upload.ts'
import { uniqueName } from '../helpers/package-screen.ts'
import { accessToken, signIn } from '../helpers/sign-in.ts'
import { ORIGIN, WORKBENCH_VIEWPORT } from './env.ts'

test.use({ viewport: WORKBENCH_VIEWPORT })
// A workbench and a probe per profile: 5-10 s beside the suite (Unity waits 5 s for its close
// control), 11-17 s on a loaded machine, 15-36 s at a load average of 47 on 2 cores. Budget 45 s.
test.describe.configure({ timeout: 45_000 })

const ALL_ENV = '[appId,coppa,ifa,limitAdTracking,sdk,sdkVersion,version]'
/** What every SDK bridge agrees on: not viewable before it is shown, the resize defaults,
 *  useCustomClose read back, an error for open() of a non-URL. */
const AGREED = {
  stateAtStart: 'loading',
  viewableAtStart: false,
  resizeDefaults: 'top-right true',
  customClose: true,
}
/** From the first script: the current exposure (0, not yet shown), default and ready, then seen. */
const ORDER_3 = [
  'exposureChange:0',
  'stateChange:default',
  'ready',
  'viewableChange:true',
  'exposureChange:100',
]
const ORDER_2 = ['stateChange:default', 'ready', 'viewableChange:true']
const PORTRAIT = { orientation: { orientation: 'portrait', locked: false } }
const EXPECTED: Record<
  HostProfileId,
  { name: string; probe: Record<string, unknown>; order: string[]; hidden: string[] }
> = {
  mraid3: {
    name: 'IAB MRAID 3.0',
    probe: {
      env: `Ads Preview ${ALL_ENV}`,
      version: '3.0',
      location: expect.objectContaining({ lat: 52.52 }),
      ...PORTRAIT,
    },
    order: ORDER_3,
    hidden: ['viewableChange:false', 'exposureChange:0'],
  },
  gma: {
    name: 'Google Mobile Ads',
    probe: { env: 'Google Mobile Ads [sdk,sdkVersion,version]', version: '3.0', location: -1, ...PORTRAIT },
    order: ORDER_3,
    hidden: ['viewableChange:false', 'exposureChange:0'],
  },
  applovin: {
    name: 'AppLovin',
    probe: { env: null, version: '2.0', location: 'absent' },
    order: ORDER_2,
    hidden: ['viewableChange:false'],
  },
  unity: {
    name: 'Unity Ads',
    probe: {
      env: 'Unity Ads [sdk,sdkVersion,version]',
      version: '3.0',
      location: -1,
      viewableAtReady: false,
      ...PORTRAIT,
    },
    order: ORDER_3,
    hidden: ['viewableChange:false', 'exposureChange:0'],
  },
  ironsource: {
    name: 'ironSource',
    probe: { env: null, version: '2.0', location: 'absent' },
    order: ORDER_2,
    hidden: ['viewableChange:false'],
  },
}

for (const [id, expected] of Object.entries(EXPECTED)) {
  test(`the ${expected.name} profile`, async ({ page }) => {
    await signIn(page)
    const upload = await uploadOverHttp(
      `${ORIGIN}/ads-preview`,
      await accessToken(page),
      uniqueName(`probe-${id}`),
      profileProbePackage(),
    )
    await page.goto(`workbench/${upload.uuid}`)
    // Declared 320x480: the workbench opens it as a full-screen ad. Its first render took 5-13 s
    // at a load average of 43 on 2 cores.
    await expect(page.getByLabel('Size')).toHaveValue('320x480 (ad.size)', { timeout: 15_000 })
    await expect(page.getByRole('radio', { name: 'interstitial' })).toBeChecked()
    await page.getByLabel('SDK').selectOption(id)
    await expect(page.getByTestId('profile-summary')).toContainText(`MRAID ${expected.probe.version}`)
    const probe = page.frameLocator('.screen iframe').locator('#probe')
    const read = async () => JSON.parse((await probe.textContent()) || '{}')
    await expect.poll(read).toMatchObject({ ...expected.probe, ...AGREED, placement: 'interstitial' })
    // Default and ready, then seen once on screen (Unity shows its preloaded ad a moment later).
    await expect.poll(async () => (await read()).order).toEqual(expected.order)
    expect((await read()).heard).toContain('error:open')
    await page.getByLabel('Viewable').uncheck()
    await expect
      .poll(async () => (await read()).heard.slice(-expected.hidden.length))
      .toEqual(expected.hidden)
    // Every SDK draws its own close control whatever useCustomClose(true) asked; Unity's after 5 s.
    await expect.poll(async () => (await read()).closeControl, { timeout: 10_000 }).toBe(true)
  })
}
