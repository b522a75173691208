// The product's flows in Chromium through nginx in front of three app processes on PostgreSQL
// and S3 (issue #14; the setup of tests/helpers/app-cluster.ts, the README's nginx blocks, no
// sticky sessions): sign-in on the hosted login page, upload straight to the bucket, Keep both,
// Replace, the preview in a new tab, the download byte for byte and delete. Each process
// answers part of it: nothing a page does depends on reaching the same process twice.
import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { validPackage } from '../fixtures/packages.ts'
import {
  type AppCluster,
  CLUSTER_EMAIL,
  CLUSTER_PASSWORD,
  clusterUnavailable,
  startAppCluster,
} from '../helpers/app-cluster.ts'
import { choose, row } from '../helpers/package-screen.ts'
import { E2E_PORT } from './env.ts'

test.skip(!!clusterUnavailable(), `no cluster here: ${clusterUnavailable()}`)
// Starting PostgreSQL, s3rver, three processes and nginx takes a while on a loaded machine.
test.setTimeout(240_000)

let cluster: AppCluster | undefined
test.afterAll(async () => {
  await cluster?.stop()
})

test('sign-in, upload, Keep both, Replace, preview, download and delete in Chromium through nginx and three processes', async ({
  page,
}) => {
  cluster = await startAppCluster({ env: { CLIENT_DIR: path.resolve(`.tmp/e2e-${E2E_PORT}/client`) } })
  const base = `${cluster.origin}/ads-preview`
  const started = performance.now()
  const logged = cluster.nodes.map((node) => node.output().length)

  await page.goto(`${base}/`)
  await page.getByLabel('Email').fill(CLUSTER_EMAIL)
  await page.getByLabel('Password').fill(CLUSTER_PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/ads-preview\/main$/)

  const name = 'cluster-banner.zip'
  const first = validPackage('cluster one')
  await choose(page, name, first)
  await expect(row(page, name)).toHaveCount(1, { timeout: 30_000 })

  await choose(page, name, validPackage('cluster two'))
  await page.getByRole('button', { name: 'Keep both' }).click()
  await expect(page.locator('tbody tr').first().locator('strong.version')).toHaveText('(2)', {
    timeout: 30_000,
  })

  const newest = page.locator('tbody tr').first()
  const replacedUuid = await newest.getAttribute('data-uuid')
  const replacement = validPackage('cluster three, a little longer than before')
  await choose(page, name, replacement)
  await page.getByRole('button', { name: 'Replace' }).click()
  await expect(newest).not.toHaveAttribute('data-uuid', replacedUuid!, { timeout: 30_000 })
  await expect(newest.locator('td[data-label="File size"]')).toHaveText(`${replacement.byteLength} B`)
  await expect(row(page, name)).toHaveCount(2)

  await newest.getByRole('button', { name: /^Preview/ }).click()
  const [tab] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('dialog', { name: 'Preview' }).getByRole('button', { name: 'Open preview' }).click(),
  ])
  await expect(tab.locator('#ad')).toHaveText('Ad')
  await expect(tab.locator('body')).toHaveAttribute('data-ready', '1')
  await tab.close()
  await page.keyboard.press('Escape')

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    newest.getByRole('link', { name: 'Download' }).click(),
  ])
  expect(new Uint8Array(fs.readFileSync(await download.path()))).toEqual(replacement)

  const oldest = row(page, name).last()
  await oldest.getByRole('button', { name: `Delete ${name}` }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expect(row(page, name)).toHaveCount(1)
  await page.reload()
  await expect(row(page, name)).toHaveCount(1)
  console.log(`the flows through nginx took ${((performance.now() - started) / 1000).toFixed(1)} s`)

  // Every process answered part of it (their request logs), none of them all.
  const served = cluster.nodes.map(
    (node, i) =>
      node
        .output()
        .slice(logged[i])
        .split('\n')
        .filter((line) => line.includes('"status"')).length,
  )
  expect(served.filter((count) => count > 0)).toHaveLength(3)
  // The browser's PUTs went to the bucket, not through a process.
  expect(cluster.s3.requests.filter((r) => r.method === 'PUT' && r.origin === cluster!.origin)).toHaveLength(
    3,
  )
})
