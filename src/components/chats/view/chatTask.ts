/** A long load the user waits for in the chat view (a jump back, an export): its words and how to stop it. */
export interface ChatTask {
  text: string
  cancel?: () => void
}
