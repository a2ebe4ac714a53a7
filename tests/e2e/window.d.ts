import type { DeskApi } from '../../electron/contract/ipc'

declare global {
  /** What the bridge script gives the page; typed for `page.evaluate` callbacks. */
  interface Window {
    api: DeskApi
  }
}
