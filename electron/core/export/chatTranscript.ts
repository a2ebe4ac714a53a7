import type { Chat, ChatMessage } from '../../contract'
import { chatDisplayName } from '../../contract/chatName'
import { formatTime, isoTime } from '../../contract/timestamps'

export interface TranscriptOptions {
  locale: string
  timeZone?: string
  /** Labels in the user's language, passed in by the caller (core has no i18n). */
  labels: {
    title: string
    customer: string
    agent: string
    system: string
    exportedAt: string
    messages: string
    /** Said for a time a Date cannot hold (the service may send any int64). */
    unknownTime: string
  }
  now?: number
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ESCAPES[c])
}

function author(m: ChatMessage, labels: TranscriptOptions['labels']): string {
  if (m.type === 'NOTIFICATION' || m.role === 'system') return labels.system
  if (m.role === 'user') return labels.customer
  return m.userName ? `${m.userName} (${labels.agent})` : labels.agent
}

function mediaLine(m: ChatMessage): string {
  const parts: string[] = []
  if (m.imageUrl) parts.push(`[image${m.width && m.height ? ` ${m.width}×${m.height}` : ''}] ${m.imageUrl}`)
  if (m.audioUrl) parts.push(`[audio] ${m.audioUrl}`)
  if (m.documentUrl) parts.push(`[${m.fileName ?? 'document'}] ${m.documentUrl}`)
  return parts.join('\n')
}

/**
 * A self-contained, printable HTML transcript. Every piece of chat content is escaped: nothing
 * from a message is ever interpreted as HTML, and the page loads nothing from anywhere.
 */
export function transcriptHtml(chat: Chat, messages: Iterable<ChatMessage>, opts: TranscriptOptions): string {
  const fmt = new Intl.DateTimeFormat(opts.locale, { dateStyle: 'short', timeStyle: 'short', timeZone: opts.timeZone })
  const name = chatDisplayName(chat)
  const rows: string[] = []
  let count = 0
  for (const m of messages) {
    count++
    const side = m.type === 'NOTIFICATION' || m.role === 'system' ? 'notice' : m.role === 'user' ? 'customer' : 'agent'
    const body = [m.text ?? '', mediaLine(m), m.midiaContent ? `“${m.midiaContent}”` : '']
      .filter((s) => s !== '')
      .map((s) => escapeHtml(s))
      .join('\n')
    const iso = isoTime(m.time)
    const when = escapeHtml(formatTime(m.time, fmt, opts.labels.unknownTime))
    const time = iso === undefined ? `<time>${when}</time>` : `<time datetime="${iso}">${when}</time>`
    rows.push(
      `<article class="msg ${side}"><header><strong>${escapeHtml(author(m, opts.labels))}</strong> ${time}</header><p>${body}</p></article>`,
    )
  }
  const title = `${opts.labels.title}: ${name}`
  return `<!doctype html>
<html lang="${escapeHtml(opts.locale)}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${escapeHtml(title)}</title>
<style>
body{font:14px/1.45 system-ui,sans-serif;max-width:820px;margin:2rem auto;padding:0 1rem;color:#1f2328}
h1{font-size:1.3rem;margin:0 0 .2rem}.meta{color:#59636e;margin:0 0 1.5rem}
.msg{margin:.6rem 0;padding:.5rem .75rem;border-radius:8px;break-inside:avoid}
.msg header{font-size:12px;color:#59636e;margin-bottom:.2rem}.msg p{margin:0;white-space:pre-wrap;overflow-wrap:anywhere}
.customer{background:#f1f3f5;margin-right:15%}.agent{background:#e3f2ea;margin-left:15%}
.notice{text-align:center;color:#59636e;font-style:italic;background:none}
@media print{body{margin:0}.msg{border:1px solid #ddd}}
</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<p class="meta">${escapeHtml(`${opts.labels.exportedAt} ${formatTime(opts.now ?? Date.now(), fmt, opts.labels.unknownTime)} · ${count} ${opts.labels.messages}`)}</p>
${rows.join('\n')}
</body>
</html>
`
}

/** The JSON transcript: the chat and its messages exactly as the service gave them (unknown fields kept). */
export function transcriptJson(chat: Chat, messages: Iterable<ChatMessage>, now = Date.now()): string {
  return JSON.stringify(
    { format: 'agent-desk.chat-transcript/1', exportedAt: new Date(now).toISOString(), chat, messages: [...messages] },
    null,
    2,
  )
}
