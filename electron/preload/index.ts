import { contextBridge, ipcRenderer } from 'electron'
import { buildDeskApi } from './api'

// Sandboxed preload: the page sees only `window.api`, never ipcRenderer or Node.
contextBridge.exposeInMainWorld('api', buildDeskApi(ipcRenderer))
