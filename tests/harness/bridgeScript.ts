import { apiShape } from '../../electron/contract/ipc'

/** Where the page reaches the preview host; all under one prefix the static files never use. */
export const BRIDGE = {
  script: '/__bridge/bridge.js',
  invoke: '/__bridge/invoke',
  events: '/__bridge/events',
  media: '/__bridge/media',
  secretHeader: 'x-bridge-secret',
} as const

/**
 * The script that gives the page `window.api` in the browser preview: the same (group, op,
 * channel) triples as the preload, each a POST to the host, push events over server-sent events,
 * and media through the host. It carries this launch's secret, so it is served same-origin only.
 */
export function bridgeScript(secret: string): string {
  const config = JSON.stringify({ secret, shape: apiShape(), bridge: BRIDGE })
  return `'use strict';
(() => {
  const { secret, shape, bridge } = ${config};
  const failure = (kind, message) => ({ ok: false, error: { kind, message } });

  async function invoke(channel, input) {
    let response;
    try {
      const body = JSON.stringify({ channel, input });
      response = await fetch(bridge.invoke, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [bridge.secretHeader]: secret },
        body,
        credentials: 'omit',
        // As an IPC message leaves the Electron renderer at once, a call made while the page unloads
        // (a draft kept on close) still arrives; the browser allows keepalive for small bodies only.
        keepalive: body.length < 60000,
      });
    } catch (err) {
      return failure('internal', 'The preview host could not be reached');
    }
    if (!response.ok) return failure('internal', 'The preview host refused the call (HTTP ' + response.status + ')');
    return response.json();
  }

  const groups = {};
  for (const { group, op, channel } of shape) {
    groups[group] ??= {};
    groups[group][op] = (input) => invoke(channel, input);
  }

  const listeners = new Map();
  const source = new EventSource(bridge.events + '?s=' + encodeURIComponent(secret));
  source.onmessage = (message) => {
    let parsed;
    try {
      parsed = JSON.parse(message.data);
    } catch {
      return;
    }
    for (const listener of [...(listeners.get(parsed.event) ?? [])]) {
      try {
        listener(parsed.payload);
      } catch (err) {
        console.error('[api] listener for ' + parsed.event + ' threw', err);
      }
    }
  };

  function on(event, listener) {
    if (typeof event !== 'string' || typeof listener !== 'function') throw new TypeError('on(event, listener)');
    let set = listeners.get(event);
    if (!set) listeners.set(event, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }

  const mediaUrl = (url) => bridge.media + '?u=' + encodeURIComponent(String(url)) + '&s=' + encodeURIComponent(secret);

  Object.defineProperty(window, 'api', { value: Object.freeze({ ...groups, on, mediaUrl }), enumerable: true });
})();
`
}
