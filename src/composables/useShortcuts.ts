import { onScopeDispose } from 'vue'

/**
 * A keyboard shortcut. `mod` is Ctrl, or Cmd on macOS; `code` is the physical key
 * (`KeyK`, `Digit1`), so Option or Shift changing the typed character does not break it.
 */
export interface Shortcut {
  code: string
  mod?: boolean
  alt?: boolean
  shift?: boolean
}

export function isMacPlatform(platform: string | undefined = globalThis.navigator?.platform): boolean {
  return /^(darwin|mac)/i.test(platform ?? '')
}

export function matchesShortcut(
  e: Pick<KeyboardEvent, 'code' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>,
  s: Shortcut,
  mac: boolean,
): boolean {
  const mod = mac ? e.metaKey : e.ctrlKey
  const otherMod = mac ? e.ctrlKey : e.metaKey
  return e.code === s.code && mod === !!s.mod && !otherMod && e.altKey === !!s.alt && e.shiftKey === !!s.shift
}

function keyName(code: string): string {
  if (code.startsWith('Key')) return code.slice(3)
  if (code.startsWith('Digit')) return code.slice(5)
  const named: Record<string, string> = { Comma: ',', Period: '.', Slash: '/' }
  return named[code] ?? code
}

/** How a shortcut is written for people: "Ctrl+Shift+L" on Windows and Linux, "⇧⌘L" on macOS. */
export function shortcutLabel(s: Shortcut, mac: boolean): string {
  const key = keyName(s.code)
  if (mac) return `${s.alt ? '⌥' : ''}${s.shift ? '⇧' : ''}${s.mod ? '⌘' : ''}${key}`
  return [s.mod && 'Ctrl', s.alt && 'Alt', s.shift && 'Shift', key].filter(Boolean).join('+')
}

export interface ShortcutBinding {
  shortcut: Shortcut
  run: () => void
  /** Whether it also fires while the user types in a field (default true: every app shortcut has a modifier). */
  inFields?: boolean
}

function inField(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null
  return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName))
}

/** Listens on the window while the calling scope lives; the first binding that matches runs. */
export function useShortcuts(bindings: () => readonly ShortcutBinding[], mac = isMacPlatform()): void {
  function onKeydown(e: KeyboardEvent) {
    if (e.defaultPrevented || e.repeat) return
    for (const b of bindings()) {
      if (!matchesShortcut(e, b.shortcut, mac)) continue
      if (b.inFields === false && inField(e.target)) continue
      e.preventDefault()
      b.run()
      return
    }
  }
  window.addEventListener('keydown', onKeydown)
  onScopeDispose(() => window.removeEventListener('keydown', onKeydown))
}
