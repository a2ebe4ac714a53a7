import { describe, expect, it } from 'vitest'
import { AppFailure } from '../../../electron/contract/app/result'
import { StoppableRuns } from '../../../electron/core/stoppableRuns'

/** A job that waits until its signal aborts, then fails as a fetch would. */
const untilStopped = (controller: AbortController) =>
  new Promise<string>((_, reject) =>
    controller.signal.addEventListener('abort', () => reject(new Error('aborted fetch')), { once: true }),
  )

const kindOf = (err: unknown) => (err instanceof AppFailure ? err.error.kind : String(err))

describe('StoppableRuns', () => {
  it('refuses a second start under a running name, and takes the name again once it ended', async () => {
    const runs = new StoppableRuns('already running')
    let finish!: (v: string) => void
    const first = runs.run('a', undefined, () => new Promise<string>((r) => (finish = r)))
    await expect(runs.run('a', undefined, async () => 'second')).rejects.toMatchObject({
      error: { kind: 'validation', message: 'already running' },
    })
    expect(await runs.run('b', undefined, async () => 'other name')).toBe('other name')
    finish('first')
    expect(await first).toBe('first')
    expect(await runs.run('a', undefined, async () => 'again')).toBe('again')
  })

  it('stops a job by its name and ends it with the stopped error, whatever the job threw', async () => {
    const runs = new StoppableRuns('busy', () => new AppFailure({ kind: 'cancelled', message: 'stopped' }))
    const job = runs.run('x', undefined, untilStopped)
    expect(runs.stop('x')).toBe(true)
    expect(kindOf(await job.catch((e: unknown) => e))).toBe('cancelled')
    // Nothing runs under the name any more.
    expect(runs.stop('x')).toBe(false)
  })

  it("stops a job when the caller's signal aborts (its window closed)", async () => {
    const runs = new StoppableRuns('busy', () => new AppFailure({ kind: 'cancelled', message: 'stopped' }))
    const caller = new AbortController()
    const job = runs.run('x', caller.signal, untilStopped)
    caller.abort()
    expect(kindOf(await job.catch((e: unknown) => e))).toBe('cancelled')
  })

  it('keeps a failure of its own when the job was not stopped, and its outcome when there is no stopped error', async () => {
    const stopping = new StoppableRuns('busy', () => new AppFailure({ kind: 'cancelled', message: 'stopped' }))
    await expect(stopping.run('x', undefined, () => Promise.reject(new Error('disk full')))).rejects.toThrow(
      'disk full',
    )
    const keeping = new StoppableRuns('busy')
    const job = keeping.run('y', undefined, (controller) =>
      untilStopped(controller).catch(() => `stopped: ${controller.signal.aborted}`),
    )
    keeping.stopAll()
    expect(await job).toBe('stopped: true')
  })
})
