import { contextBridge, ipcRenderer } from 'electron'
import { mediaSchemeUrl } from '../contract/ipc'
import { buildDeskApi, ipcTransport } from './deskApi'

// Sandboxed preload: the page sees only `window.api`, never ipcRenderer or Node.
contextBridge.exposeInMainWorld('api', buildDeskApi(ipcTransport(ipcRenderer, mediaSchemeUrl)))
