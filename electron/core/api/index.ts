export { createApiClient } from './client'
export { isParsedInput, parseEndpointInput } from './parsedInput'
export type { ApiClient, ApiClientOptions, ApiMethod, ApiOutcome, CallOptions, FetchLike } from './client'
