export { createApiClient } from './client'
export type { AnswerBytes, ApiClient, ApiClientOptions, ApiMethod, ApiOutcome, CallOptions, FetchLike } from './client'
