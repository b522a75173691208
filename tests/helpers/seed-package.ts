// A package put on the shared end-to-end server over HTTP, as the signed-in page's user, for a
// test about what comes after the upload (the upload screen itself is tested through the page).
import { expect, type Page } from '@playwright/test'
import { ORIGIN } from '../e2e/env.ts'
import { uploadOverHttp } from './http-upload.ts'
import { uniqueName } from './package-screen.ts'
import { accessToken } from './sign-in.ts'

export async function seedPackage(page: Page, stem: string, zip: Uint8Array) {
  const name = uniqueName(stem)
  const upload = await uploadOverHttp(`${ORIGIN}/ads-preview`, await accessToken(page), name, zip)
  expect(upload.status, `the upload of ${name} at its ${upload.step} step`).toBe(201)
  return { name, uuid: upload.uuid! }
}
