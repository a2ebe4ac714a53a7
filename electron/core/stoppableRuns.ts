import { AppFailure, appError } from '../contract/app/result'

/**
 * Long jobs the renderer names and may stop by that name (an export, an agent's test run): one at a
 * time per name, each with its own abort controller, which the caller's signal (its window closed)
 * aborts too. The renderer chooses the name, so a Stop sent right after the start finds the job.
 */
export class StoppableRuns {
  private readonly running = new Map<string, AbortController>()

  /**
   * @param busy what a second start under a running name is told
   * @param stopped the error a stopped job ends with, whatever it threw on its way out; without it
   *   the job's own outcome stands (a test run answers with what it did before the Stop)
   */
  constructor(
    private readonly busy: string,
    private readonly stopped?: () => Error,
  ) {}

  async run<T>(
    id: string,
    caller: AbortSignal | undefined,
    job: (controller: AbortController) => Promise<T>,
  ): Promise<T> {
    if (this.running.has(id)) throw new AppFailure(appError('validation', this.busy))
    const controller = new AbortController()
    caller?.addEventListener('abort', () => controller.abort(), { once: true })
    this.running.set(id, controller)
    try {
      return await job(controller)
    } catch (err) {
      if (this.stopped && controller.signal.aborted) throw this.stopped()
      throw err
    } finally {
      this.running.delete(id)
    }
  }

  /** Stops the job running under `id`; false when there is none. */
  stop(id: string): boolean {
    const controller = this.running.get(id)
    controller?.abort()
    return !!controller
  }

  stopAll(): void {
    for (const controller of this.running.values()) controller.abort()
  }
}
