import { AppFailure, type AppError } from '../../electron/contract/app/result'

/** The AppError a call was rejected with; fails the test when the call succeeds or throws anything else. */
export async function failureOf(pending: Promise<unknown>): Promise<AppError> {
  try {
    await pending
  } catch (err) {
    if (err instanceof AppFailure) return err.error
    throw new Error(`expected an AppFailure, got ${String(err)}`)
  }
  throw new Error('expected the call to fail, but it succeeded')
}
