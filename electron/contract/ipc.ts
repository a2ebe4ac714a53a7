import type { EndpointInput, EndpointName, EndpointOutput } from './endpoints'
import { endpointNames } from './endpoints'
import type { AppChannelInput, AppChannelName, AppChannelOutput, PushEventName, PushEventPayload, Result } from './app'
import { appChannels } from './app'

/** IPC channel names, derived: `api:agents.list` for operations, `app:profiles.list` for the app's own. */
export const apiChannel = (name: EndpointName) => `api:${name}` as const
export const appChannelName = (name: AppChannelName) => `app:${name}` as const
export const PUSH_CHANNEL = 'push:event'

export const allChannels: readonly string[] = [
  ...endpointNames.map(apiChannel),
  ...(Object.keys(appChannels) as AppChannelName[]).map(appChannelName),
]

type Split<S extends string> = S extends `${infer A}.${infer B}` ? [A, B] : never
type Groups<N extends string> = Split<N>[0]
type OpsOf<N extends string, G extends string> = N extends `${G}.${infer Op}` ? Op : never

type ApiMethod<N extends EndpointName> = (input: EndpointInput<N>) => Promise<Result<EndpointOutput<N>>>
type AppMethod<N extends AppChannelName> = (input?: AppChannelInput<N>) => Promise<Result<AppChannelOutput<N>>>

type ApiGroups = {
  [G in Groups<EndpointName>]: {
    [Op in OpsOf<EndpointName, G>]: ApiMethod<`${G}.${Op}` & EndpointName>
  }
}
type AppGroups = {
  [G in Groups<AppChannelName>]: {
    [Op in OpsOf<AppChannelName, G>]: AppMethod<`${G}.${Op}` & AppChannelName>
  }
}

/** `window.api`: one object per resource, one method per operation, plus push subscriptions. */
export type DeskApi = ApiGroups &
  AppGroups & {
    on<E extends PushEventName>(event: E, listener: (payload: PushEventPayload<E>) => void): () => void
    /**
     * A URL the page can load for a media link of the service (avatar, chat image, audio,
     * document). Main fetches it and adds the token; the page never holds it. Synchronous, no IPC.
     */
    mediaUrl(url: string): string
  }

/** The privileged scheme main registers for media: `agent-media://media/?u=<encoded url>`. */
export const MEDIA_SCHEME = 'agent-media'
export const mediaSchemeUrl = (url: string) => `${MEDIA_SCHEME}://media/?u=${encodeURIComponent(url)}`

/** The (group, op, channel) triples that `window.api` is built from, in the preload and the preview. */
export function apiShape(): { group: string; op: string; channel: string }[] {
  const names = [
    ...endpointNames.map((n) => ({ n, channel: apiChannel(n) })),
    ...(Object.keys(appChannels) as AppChannelName[]).map((n) => ({
      n,
      channel: appChannelName(n),
    })),
  ]
  return names.map(({ n, channel }) => {
    const dot = n.indexOf('.')
    return { group: n.slice(0, dot), op: n.slice(dot + 1), channel }
  })
}
