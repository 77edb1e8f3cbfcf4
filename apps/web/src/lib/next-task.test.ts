import { afterEach, describe, expect, it, vi } from 'vitest'
import { nextTask } from './next-task'

describe('nextTask', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('resumes only after the current task, microtasks included, has finished', async () => {
    const order: string[] = []
    const resumed = nextTask().then(() => order.push('next task'))
    void Promise.resolve().then(() => order.push('microtask'))
    order.push('current task')
    await resumed
    expect(order).toEqual(['current task', 'microtask', 'next task'])
  })

  it("uses the browser's scheduler.yield() where it has one", async () => {
    const schedulerYield = vi.fn(() => Promise.resolve())
    vi.stubGlobal('scheduler', { yield: schedulerYield })
    await nextTask()
    expect(schedulerYield).toHaveBeenCalledOnce()
  })
})
