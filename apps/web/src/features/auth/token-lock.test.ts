import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeLocks } from '../../testing/fake-locks'
import { IDENTITY } from './identity-config'
import { LockTimeoutError, withTokenLock } from './token-lock'

// Spec §9: a token lock awaited 5 s at a time, up to 10 times. Fake timers: no real waiting.

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('withTokenLock', () => {
  it('reads its timing from the one identity config', () => {
    expect(IDENTITY).toMatchObject({ lockWaitMs: 5_000, lockAttempts: 10 })
  })

  it('runs one refresh at a time: the second waits for the first', async () => {
    const { locks } = fakeLocks()
    const order: string[] = []
    let finishFirst: () => void = () => {}
    const first = withTokenLock(
      'refresh',
      () => {
        order.push('first starts')
        return new Promise<void>((resolve) => (finishFirst = resolve)).then(() => order.push('first ends'))
      },
      locks,
    )
    const second = withTokenLock('refresh', async () => order.push('second starts'), locks)
    await vi.advanceTimersByTimeAsync(4_000)
    expect(order).toEqual(['first starts'])
    finishFirst()
    await Promise.all([first, second])
    expect(order).toEqual(['first starts', 'first ends', 'second starts'])
  })

  it('gives up after ten waits of 5 s each with a lock-acquisition timeout, and never runs the work', async () => {
    const { locks, holdElsewhere, requests } = fakeLocks()
    holdElsewhere('refresh')
    const work = vi.fn(async () => 'renewed')
    const attempt = withTokenLock('refresh', work, locks)
    const outcome = attempt.catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(49_999)
    expect(requests.filter((name) => name === 'refresh')).toHaveLength(1 + 10)
    expect(await Promise.race([outcome, Promise.resolve('still waiting')])).toBe('still waiting')
    await vi.advanceTimersByTimeAsync(1)
    expect(await outcome).toBeInstanceOf(LockTimeoutError)
    expect(((await outcome) as Error).message).toMatch(/^lock-acquisition timeout/)
    expect(work).not.toHaveBeenCalled()
  })

  it('gets the lock on a later attempt once the other tab lets go', async () => {
    const { locks, holdElsewhere } = fakeLocks()
    const release = holdElsewhere('refresh')
    const attempt = withTokenLock('refresh', async () => 'renewed', locks)
    await vi.advanceTimersByTimeAsync(12_000)
    release()
    await expect(attempt).resolves.toBe('renewed')
  })

  it("passes the work's own failure on without trying again", async () => {
    const { locks } = fakeLocks()
    const work = vi.fn(async () => {
      throw new Error('invalid_grant')
    })
    await expect(withTokenLock('refresh', work, locks)).rejects.toThrow('invalid_grant')
    expect(work).toHaveBeenCalledTimes(1)
  })
})
