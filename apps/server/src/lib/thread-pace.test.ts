import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ThreadPace } from './thread-pace.js'

/** A task the test ends, and whether it has started. */
function heldTask() {
  let end: () => void = () => {}
  const task = {
    started: false,
    run: () =>
      new Promise<void>((resolve) => {
        task.started = true
        end = resolve
      }),
    end: () => end(),
  }
  return task
}

describe('ThreadPace (decision 297)', () => {
  let busy = true
  const pace = () =>
    new ThreadPace({ share: 0.5, tickMs: 5, maxWaitMs: 100, utilization: () => (busy ? 0.9 : 0.1) })
  beforeEach(() => {
    vi.useFakeTimers()
    busy = true
  })
  afterEach(() => vi.useRealTimers())

  it('starts work at once when none of its kind is in progress, however busy the thread', async () => {
    const paced = pace()
    const first = heldTask()
    void paced.run(first.run)
    await vi.advanceTimersByTimeAsync(0)
    expect(first.started).toBe(true)
    first.end()
    await vi.advanceTimersByTimeAsync(0)
    const next = heldTask()
    void paced.run(next.run)
    await vi.advanceTimersByTimeAsync(0)
    expect(next.started).toBe(true)
  })

  it('holds work behind other work while the thread is busy, then starts one per quiet tick', async () => {
    const paced = pace()
    const [first, second, third] = [heldTask(), heldTask(), heldTask()]
    void paced.run(first.run)
    void paced.run(second.run)
    void paced.run(third.run)
    await vi.advanceTimersByTimeAsync(50)
    expect([first.started, second.started, third.started]).toEqual([true, false, false])
    expect(paced.waitingCount).toBe(2)
    busy = false
    await vi.advanceTimersByTimeAsync(5)
    expect([second.started, third.started]).toEqual([true, false])
    await vi.advanceTimersByTimeAsync(5)
    expect(third.started).toBe(true)
    expect(paced.waitingCount).toBe(0)
  })

  it('starts one piece of waiting work per longest wait while the thread stays busy', async () => {
    const paced = pace()
    const [first, second, third] = [heldTask(), heldTask(), heldTask()]
    void paced.run(first.run)
    void paced.run(second.run)
    void paced.run(third.run)
    await vi.advanceTimersByTimeAsync(95)
    expect(second.started).toBe(false)
    await vi.advanceTimersByTimeAsync(10)
    expect([second.started, third.started]).toEqual([true, false])
    await vi.advanceTimersByTimeAsync(90)
    expect(third.started).toBe(false)
    await vi.advanceTimersByTimeAsync(10)
    expect(third.started).toBe(true)
  })

  it('turns work away through tryRun once its line is full, while the render line still gets in', async () => {
    const paced = new ThreadPace({ maxWaiting: 1, utilization: () => 0.9 })
    const [first, second, render] = [heldTask(), heldTask(), heldTask()]
    expect(paced.tryRun(first.run)).toBeDefined()
    expect(paced.tryRun(second.run)).toBeDefined()
    expect(paced.tryRun(heldTask().run)).toBeUndefined()
    void paced.run(render.run)
    expect(paced.waitingCount).toBe(2)
  })

  it('counts a failed task as finished: the next one starts at once', async () => {
    const paced = pace()
    await expect(paced.run(() => Promise.reject(new Error('render failed')))).rejects.toThrow('render failed')
    const next = heldTask()
    void paced.run(next.run)
    await vi.advanceTimersByTimeAsync(0)
    expect(next.started).toBe(true)
  })
})
