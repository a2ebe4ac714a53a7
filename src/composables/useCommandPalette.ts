import { ref } from 'vue'
import { fold } from '@/domain/messageLinks'

export type PaletteKind = 'command' | 'agent' | 'chat' | 'contact'

/** One line of the palette: a command to run or a thing to jump to. */
export interface PaletteItem {
  id: string
  kind: PaletteKind
  label: string
  /** A second, quieter line (a phone, an agent's goal, a chat's agent). */
  detail?: string
  /** Other words that find it ("dark" finds the theme command). */
  keywords?: readonly string[]
  /** As written for people, e.g. "Ctrl+K". */
  shortcut?: string
  run: () => unknown
  /** Runs once the palette has closed, so the focus it hands back does not undo where the command put it. */
  afterClose?: boolean
}

/**
 * How well `text` answers `query`, lower is better, null for no match: the whole text, then its
 * start, then a word's start, then anywhere, then the letters in order ("gtc" finds "Go to
 * Chats"). Case and accents are ignored ("sao" finds "São").
 */
export function matchScore(query: string, text: string): number | null {
  const q = fold(query.trim())
  if (!q) return 0
  const t = fold(text)
  if (t === q) return 0
  if (t.startsWith(q)) return 1
  const at = t.indexOf(q)
  if (at > 0 && /[\s\-–—_/(.@]/.test(t[at - 1]!)) return 2
  if (at > 0) return 3
  let i = 0
  for (const ch of t) if (ch === q[i]) i++
  return i === q.length && !q.includes(' ') ? 4 : null
}

function itemScore(query: string, item: PaletteItem): number | null {
  const scores = [item.label, ...(item.keywords ?? [])]
    .map((text, n) => {
      const s = matchScore(query, text)
      // A keyword is a weaker reason than the label itself.
      return s === null ? null : n === 0 ? s : s + 0.5
    })
    .filter((s): s is number => s !== null)
  return scores.length ? Math.min(...scores) : null
}

/** The items that match, best first; equal scores keep the given order. */
export function rankItems<T extends PaletteItem>(query: string, items: readonly T[]): T[] {
  return items
    .map((item, index) => ({ item, index, score: itemScore(query, item) }))
    .filter((x): x is { item: T; index: number; score: number } => x.score !== null)
    .sort((a, b) => a.score - b.score || a.index - b.index)
    .map((x) => x.item)
}

/**
 * Results the service found by name: the service already decided they match (its folding may
 * differ from ours), so nothing is dropped; the closest names come first.
 */
export function rankFound<T extends PaletteItem>(query: string, items: readonly T[]): T[] {
  return items
    .map((item, index) => ({ item, index, score: itemScore(query, item) ?? 9 }))
    .sort((a, b) => a.score - b.score || a.index - b.index)
    .map((x) => x.item)
}

/** Up/Down through the list, wrapping at both ends; -1 (nothing) stays -1 when the list is empty. */
export function moveActive(index: number, delta: number, count: number): number {
  if (count <= 0) return -1
  if (index < 0) return delta > 0 ? 0 : count - 1
  return (((index + delta) % count) + count) % count
}

const open = ref(false)

/** The palette's open state, shared by the shortcut, the launcher button and the dialog. */
export function useCommandPalette() {
  return {
    open,
    show: () => {
      open.value = true
    },
    hide: () => {
      open.value = false
    },
    toggle: () => {
      open.value = !open.value
    },
  }
}
