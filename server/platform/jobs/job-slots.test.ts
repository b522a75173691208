import { expect, it } from 'vitest'
import { createJobSlots } from './job-slots.ts'

it('gives a freed slot to the waiting kind that runs the fewest jobs, not to the oldest waiter', async () => {
  const slots = createJobSlots(2)
  const started: string[] = []
  const take = (kind: string) => slots.take(kind).then(() => void started.push(kind))
  await take('audit')
  await take('audit')
  const waiting = [take('audit'), take('thumbnail')]
  slots.give('audit')
  await expect.poll(() => started).toEqual(['audit', 'audit', 'thumbnail'])
  slots.give('audit')
  await Promise.all(waiting)
  expect(started).toEqual(['audit', 'audit', 'thumbnail', 'audit'])
})
