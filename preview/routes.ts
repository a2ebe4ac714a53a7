/** Where the page reaches the preview host; all under one prefix the static files never use. */
export const BRIDGE = {
  script: '/__bridge/bridge.js',
  invoke: '/__bridge/invoke',
  events: '/__bridge/events',
  media: '/__bridge/media',
  secretHeader: 'x-bridge-secret',
} as const

/** What the host hands the page's bridge at each launch. */
export interface BridgeConfig {
  secret: string
  bridge: typeof BRIDGE
}
