// The throttle's clock, driven by hand: what a loaded machine does to parallel sign-ins.
import { expect, it } from 'vitest'
import { openDatabase } from '../db/client.ts'
import { createLoginThrottle, delayAfter } from './throttle.ts'

function throttleAt(start = 1_000_000_000) {
  let clock = start
  const throttle = createLoginThrottle(openDatabase(':memory:'), () => clock)
  return { throttle, advance: (ms: number) => (clock += ms) }
}

it('counts attempts still being checked, however long they take to fail', () => {
  const { throttle, advance } = throttleAt()
  const inFlight = Array.from({ length: 5 }, () => throttle.begin('a@example.com', '10.0.0.1'))
  expect(inFlight.every((attempt) => attempt.allowed)).toBe(true)
  // A loaded machine: seconds pass before any of the five has been checked.
  advance(5_000)
  expect(throttle.begin('a@example.com', '10.0.0.1')).toEqual({ allowed: false, retryAfterSeconds: 1 })
  for (const attempt of inFlight) if (attempt.allowed) throttle.failed(attempt.ticket)
  advance(999)
  expect(throttle.begin('a@example.com', '10.0.0.1').allowed).toBe(false)
  advance(1)
  expect(throttle.begin('a@example.com', '10.0.0.1').allowed).toBe(true)
})

it('grows the wait from 1 s to 15 minutes', () => {
  expect([4, 5, 6, 7, 14, 15, 40].map((n) => delayAfter(n, 5) / 1000)).toEqual([0, 1, 2, 4, 512, 900, 900])
})
