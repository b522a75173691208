// Main-thread time of the creative's page, read through the DevTools protocol (Performance
// .getMetrics, TaskDuration, cumulative). A renderer too busy to answer counts as busy from its
// last answer on: a `while (true) {}` creative answers nothing at all. Sampled once a second so
// that a page that stops answering midway keeps what it had used until then.
import type { CDPSession } from 'playwright-core'

const SAMPLE_EVERY_MS = 1000
const ANSWER_WITHIN_MS = 1500

function taskSeconds(cdp: CDPSession): Promise<number | undefined> {
  const answer = cdp
    .send('Performance.getMetrics')
    .then((result) => result.metrics.find((metric) => metric.name === 'TaskDuration')?.value)
    .catch(() => undefined)
  const late = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ANSWER_WITHIN_MS))
  return Promise.race([answer, late])
}

export function sampleCpu(cdp: CDPSession) {
  let measuredMs = 0
  let answeredAt = Date.now()
  let stopped = false
  let lastUnanswered = false
  const sample = async () => {
    const seconds = await taskSeconds(cdp)
    lastUnanswered = seconds === undefined
    if (seconds === undefined) return
    measuredMs = seconds * 1000
    answeredAt = Date.now()
  }
  const loop = (async () => {
    while (!stopped) {
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_EVERY_MS))
      if (!stopped) await sample()
    }
  })()
  return {
    /** False when the renderer left the last sample unanswered. */
    get answering() {
      return !lastUnanswered
    },
    /** Stops sampling; answers main-thread ms, with the time since the last answer counted as busy. */
    async stop(): Promise<number> {
      stopped = true
      await loop
      if (!lastUnanswered) await sample()
      return Math.round(measuredMs + (Date.now() - answeredAt))
    },
  }
}
