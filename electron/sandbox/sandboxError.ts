/** An answer other than 200, carried as an exception to the server's one error writer. */
export class SandboxError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}
