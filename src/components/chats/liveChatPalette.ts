import { shallowRef } from 'vue'

/** A command the open chat offers the palette (take over, return to the AI, clear, delete). */
export interface ChatViewCommand {
  id: string
  label: string
  run: () => unknown
}

/** What the chat view in front offers; emptied when it closes. Read by the palette's command list. */
export const chatViewCommands = shallowRef<ChatViewCommand[]>([])
