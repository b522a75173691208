// In Chromium, with S3_BUCKET set (packages in a bucket, for more than one machine): the browser
// PUTs the package straight to the bucket, allowed by the documented CORS rule and the app's
// Content-Security-Policy, and the package is then listed and previewed from the bucket. With the
// rule naming another origin the browser is refused and the upload says so.
import { expect, test } from '@playwright/test'
import { validPackage } from '../fixtures/packages.ts'
import { type OwnProduct, startOwnProduct } from '../helpers/own-product.ts'
import { choose, row, uniqueName } from '../helpers/package-screen.ts'
import { type S3TestServer, startS3Server } from '../helpers/s3-server.ts'

// Each test starts its own product and S3 server: 7-9 s beside the suite, 12-14 s on a loaded
// machine.
test.setTimeout(35_000)

let s3: S3TestServer | undefined
let own: OwnProduct | undefined
test.afterEach(async () => {
  await own?.remove()
  await s3?.close()
})

async function start(corsOrigin: (origin: string) => string) {
  s3 = await startS3Server()
  own = await startOwnProduct(s3.env)
  const origin = new URL(own.product.base).origin
  await s3.applyCors(corsOrigin(origin))
  return { origin, s3, own }
}

test('the browser uploads straight to the bucket, and the package is listed', async ({ page }) => {
  const { origin, s3, own } = await start((origin) => origin)
  await own.signIn(page)
  await page.goto(`${own.product.base}/main`)
  const name = uniqueName('s3')
  await choose(page, name, validPackage('s3'))
  await expect(row(page, name)).toBeVisible({ timeout: 30_000 })
  // The body went from the page to the bucket: a CORS preflight, then the PUT, both from the app's origin.
  const fromBrowser = s3.requests.filter((r) => r.origin === origin)
  expect(fromBrowser.map((r) => `${r.method} ${r.status}`)).toEqual(['OPTIONS 200', 'PUT 200'])
  expect(s3.keys('packages/')).toHaveLength(1)
})

test('with the CORS rule for another origin the browser is refused, and the upload says it failed', async ({
  page,
}) => {
  const { s3, own } = await start(() => 'https://elsewhere.example.com')
  await own.signIn(page)
  await page.goto(`${own.product.base}/main`)
  const name = uniqueName('s3-refused')
  await choose(page, name, validPackage('refused'))
  await expect(page.getByText('Uploading failed', { exact: false })).toBeVisible({ timeout: 30_000 })
  expect(s3.keys('uploads/')).toEqual([])
  await expect(row(page, name)).toHaveCount(0)
})
