import { describe, expect, it } from 'vitest'
import { progressPercent, storageErrorMessage } from './storage-upload.ts'

describe('storage upload', () => {
  it('reads errors in the wording of the error catalogue', () => {
    expect(storageErrorMessage(403)).toBe('Invalid response from the server - 403')
    expect(storageErrorMessage(0)).toBe('No response from the server')
  })
  it('reports progress as loaded over total in percent', () => {
    expect(progressPercent(0, 200)).toBe(0)
    expect(progressPercent(50, 200)).toBe(25)
    expect(progressPercent(200, 200)).toBe(100)
    expect(progressPercent(10, 0)).toBe(0)
  })
})
