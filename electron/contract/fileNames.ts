/**
 * A file name suggested from text the app does not control (a chat name, a document's name sent
 * by the service), made safe to offer in a save dialog or a download: no bidirectional controls
 * (`invoice` + U+202E + `fdp.exe` would show as `invoiceexe.pdf` in the file manager), no control
 * characters, no folder separators or characters Windows refuses, no leading dots, and a bounded
 * length that keeps the extension.
 */
const BIDI_AND_CONTROLS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g
const RESERVED = /[\\/:*?"<>|]/g
const MAX_LENGTH = 120

export function safeFileName(name: string | null | undefined, fallback = 'file'): string {
  let clean = (name ?? '').replace(BIDI_AND_CONTROLS, '').replace(RESERVED, '_').trim()
  clean = clean.replace(/^\.+/, '').replace(/[. ]+$/, '')
  if (clean.length > MAX_LENGTH) {
    const dot = clean.lastIndexOf('.')
    const ext = dot > 0 && clean.length - dot <= 10 ? clean.slice(dot) : ''
    clean = Array.from(clean.slice(0, MAX_LENGTH - ext.length)).join('') + ext
  }
  return clean === '' ? fallback : clean
}
