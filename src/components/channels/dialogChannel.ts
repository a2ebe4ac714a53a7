/** The channel a channel dialog (pairing, settings, widget) is about, as the list row gave it. */
export interface DialogChannel {
  id: string
  name: string
  /** The channel type (`WHATSAPP`, `WIDGET`…), `''` when the service did not say. */
  type: string
}
