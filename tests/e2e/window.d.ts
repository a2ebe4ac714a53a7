import type { DeskApi } from '../../electron/contract/ipc'

declare global {
  /** What the preview's bridge (the preload's buildDeskApi) gives the page; typed for `page.evaluate` callbacks. */
  interface Window {
    api: DeskApi
  }
}
