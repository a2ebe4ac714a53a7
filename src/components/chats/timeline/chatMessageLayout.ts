import type { ChatMessage } from '@contract'
import type { TimelineItem } from '@/domain/chatTimeline'

/** The largest box an image takes in the list, in CSS pixels. */
export const IMAGE_BOX = 260

/** The box an image gets before it loads, from the width and height the service gave. */
export function imageBox(message: Pick<ChatMessage, 'width' | 'height'>): { width: number; height: number } {
  const known = !!message.width && message.width > 0 && !!message.height && message.height > 0
  // Without a size from the service: a 4:3 box as wide as the largest one.
  const w = known ? (message.width as number) : IMAGE_BOX
  const h = known ? (message.height as number) : (IMAGE_BOX * 3) / 4
  const scale = Math.min(1, IMAGE_BOX / w, IMAGE_BOX / h)
  const width = Math.max(48, Math.round(w * scale))
  return { width, height: Math.round((width * h) / w) }
}

/**
 * A first guess of a row's height, close enough that the scrollbar barely moves when the row is
 * measured; the virtualizer keeps the real height once it has rendered the row.
 */
export function estimateRowHeight(item: TimelineItem | undefined): number {
  if (!item) return 60
  if (item.kind === 'day') return 44
  const m = item.message
  if (item.side === 'notice') return 44
  let h = 34 + (item.firstOfRun ? 20 : 0)
  const text = m.text ?? ''
  if (text) h += 21 * Math.max(1, Math.ceil(text.length / 60))
  if (m.imageUrl) h += imageBox(m).height + 8
  if (m.audioUrl) h += 64 + (m.midiaContent ? 21 * Math.ceil(m.midiaContent.length / 60) : 0)
  if (m.documentUrl) h += 44
  return h
}

/** Which row is at the top of the viewport, and how far below the viewport's top edge it starts. */
export interface ScrollAnchor {
  key: string
  offset: number
}

/** The first row (by `data-key`) whose bottom is inside the scroller's viewport. */
export function readAnchor(scroller: HTMLElement): ScrollAnchor | null {
  const top = scroller.getBoundingClientRect().top
  for (const row of scroller.querySelectorAll<HTMLElement>('[data-key]')) {
    const r = row.getBoundingClientRect()
    if (r.bottom > top + 1 && row.dataset.key) return { key: row.dataset.key, offset: r.top - top }
  }
  return null
}

/** Where to scroll so a row that now starts at `start` is again `offset` below the viewport's top. */
export function anchoredScrollTop(start: number, offset: number): number {
  return Math.max(0, start - offset)
}
