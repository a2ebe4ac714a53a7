export { callEndpoint } from './endpointCall'
export { endpointKey, endpointKeyParts } from './endpointKeys'
export {
  appErrorOf,
  EndpointFailure,
  useEndpointQuery,
  type EndpointAnswer,
  type EndpointQuery,
  type EndpointQueryOptions,
  type ShownRead,
} from './endpointQuery'
export { invalidateAfterWrite, runWrite } from './endpointWrite'
export { installQuerySession } from './querySession'
export { usePagedQuery, type PagedQuery, type PagedQueryOptions, type PagedState } from './usePagedQuery'
