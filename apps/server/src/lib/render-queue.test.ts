import { describe, expect, it } from 'vitest'
import { RenderQueue } from './render-queue.js'

/** A render that ends when the test says so: no timing, the test decides the order. */
function heldRender(log: string[], name: string) {
  let finish!: () => void
  const done = new Promise<void>((resolve) => (finish = resolve))
  return {
    task: async () => {
      log.push(`start ${name}`)
      await done
      log.push(`end ${name}`)
      return name
    },
    finish,
  }
}

// Lets every promise callback queued so far run.
const settle = () => new Promise<void>((resolve) => setImmediate(resolve))

describe('the line of renders of pages not kept (issue 38)', () => {
  it('runs a few at a time, keeps a bounded line, and turns away the rest at once', async () => {
    const queue = new RenderQueue(2, 1)
    const log: string[] = []
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((name) => heldRender(log, name)) as [
      ReturnType<typeof heldRender>,
      ReturnType<typeof heldRender>,
      ReturnType<typeof heldRender>,
      ReturnType<typeof heldRender>,
    ]
    const runningA = queue.tryRun(a.task)
    const runningB = queue.tryRun(b.task)
    const waitingC = queue.tryRun(c.task)
    // Two running and one waiting: the fourth is not taken.
    expect(queue.tryRun(d.task)).toBeUndefined()
    await settle()
    expect(log).toEqual(['start a', 'start b'])
    expect(queue.size).toEqual({ running: 2, waiting: 1 })

    a.finish()
    await expect(runningA).resolves.toBe('a')
    await settle()
    // A's slot went to the one in line, not to a newcomer.
    expect(log).toEqual(['start a', 'start b', 'end a', 'start c'])
    expect(queue.size).toEqual({ running: 2, waiting: 0 })
    const lateD = queue.tryRun(d.task)
    expect(queue.size).toEqual({ running: 2, waiting: 1 })

    b.finish()
    c.finish()
    await expect(runningB).resolves.toBe('b')
    await expect(waitingC).resolves.toBe('c')
    await settle()
    d.finish()
    await expect(lateD).resolves.toBe('d')
    expect(queue.size).toEqual({ running: 0, waiting: 0 })
  })

  it('never runs more than its bound, however many are asked for', async () => {
    const queue = new RenderQueue(3, 10)
    let running = 0
    let most = 0
    const gates: Array<() => void> = []
    const task = async () => {
      running += 1
      most = Math.max(most, running)
      await new Promise<void>((resolve) => gates.push(resolve))
      running -= 1
    }
    const taken = Array.from({ length: 20 }, () => queue.tryRun(task))
    expect(taken.filter((run) => run === undefined)).toHaveLength(7)
    // Release them one by one; a newcomer while the line drains waits its turn (or is turned
    // away), never taking a fourth slot.
    let round = 0
    while (gates.length > 0 || queue.size.running > 0) {
      await settle()
      gates.shift()?.()
      if (round++ < 5) taken.push(queue.tryRun(task))
      expect(running).toBeLessThanOrEqual(3)
    }
    await Promise.all(taken)
    expect(most).toBe(3)
  })

  it('frees the slot of a render that failed', async () => {
    const queue = new RenderQueue(1, 0)
    await expect(queue.tryRun(() => Promise.reject(new Error('render failed')))).rejects.toThrow(
      'render failed',
    )
    await expect(queue.tryRun(async () => 'next')).resolves.toBe('next')
  })
})
