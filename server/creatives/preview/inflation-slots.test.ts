import { expect, it } from 'vitest'
import { createInflationSlots } from './inflation-slots.ts'

it('runs at most `max` at once, hands freed slots out in order, and drops waiters whose client left', async () => {
  const slots = createInflationSlots(2)
  const first = await slots.acquire()
  const second = await slots.acquire()
  const order: string[] = []
  const third = slots.acquire().then((release) => {
    order.push('third')
    return release
  })
  const leaving = new AbortController()
  const gone = slots.acquire(leaving.signal)
  const fourth = slots.acquire().then((release) => {
    order.push('fourth')
    return release
  })
  expect([slots.running, slots.waiting]).toEqual([2, 3])
  leaving.abort()
  await expect(gone).rejects.toBeDefined()
  first()
  first() // a second call frees nothing more
  const releaseThird = await third
  expect([slots.running, slots.waiting]).toEqual([2, 1])
  second()
  ;(await fourth)()
  releaseThird()
  expect(order).toEqual(['third', 'fourth'])
  expect([slots.running, slots.waiting]).toEqual([0, 0])
})
