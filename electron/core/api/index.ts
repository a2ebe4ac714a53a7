export { createApiClient } from './client'
export type { ApiClient, ApiClientOptions, ApiMethod, ApiOutcome, CallOptions, FetchLike } from './client'
