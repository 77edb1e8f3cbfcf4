type Scheduler = { yield?: () => Promise<void> }

/**
 * Ends the current task and resumes in a new one, so the browser can paint and answer a tap
 * in between (decision 167). `scheduler.yield()` resumes ahead of other queued work where the
 * browser has it; a message resumes after them otherwise (a timer could wait 4 ms or more).
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler
  if (typeof scheduler?.yield === 'function') return scheduler.yield()
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => {
      channel.port1.close()
      resolve()
    }
    channel.port2.postMessage(null)
  })
}
