import { describe, expect, it } from 'vitest'
import type { Chat, ChatMessage } from '../../../electron/contract'
import { transcriptHtml, transcriptJson } from '../../../electron/core/export/chatTranscript'

const labels = {
  title: 'Conversa',
  customer: 'Cliente',
  agent: 'Agente',
  system: 'Sistema',
  exportedAt: 'Exportado em',
  messages: 'mensagens',
  unknownTime: 'Data desconhecida',
}
const chat: Chat = { id: 'C1-5511', name: 'Ana <Souza>' }
const messages: ChatMessage[] = [
  { id: '1', time: Date.UTC(2026, 2, 1, 15), role: 'user', text: '<script>alert("x")</script> olá' },
  { id: '2', time: Date.UTC(2026, 2, 1, 15, 1), role: 'assistant', text: 'Oi!', userName: 'Marina' },
  {
    id: '3',
    time: Date.UTC(2026, 2, 1, 15, 2),
    role: 'user',
    audioUrl: 'https://x/a.wav',
    midiaContent: 'quero cancelar',
  },
  { id: '4', time: Date.UTC(2026, 2, 1, 15, 3), role: 'system', type: 'NOTIFICATION', text: 'Transferido' },
]

describe('chat transcript', () => {
  it('escapes every piece of chat content in the HTML export', () => {
    const html = transcriptHtml(chat, messages, { locale: 'pt-BR', timeZone: 'UTC', labels, now: 0 })
    expect(html).not.toContain('<script>')
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; olá')
    expect(html).toContain('Conversa: Ana &lt;Souza&gt;')
  })

  it('names authors, shows transcriptions and counts the messages', () => {
    const html = transcriptHtml(chat, messages, { locale: 'pt-BR', timeZone: 'UTC', labels, now: 0 })
    expect(html).toContain('Marina (Agente)')
    expect(html).toContain('“quero cancelar”')
    expect(html).toContain('class="msg notice"')
    expect(html).toContain('4 mensagens')
    expect(html).toContain("default-src 'none'")
  })

  it.each([1e20, -8_640_000_000_000_001, Number.MAX_SAFE_INTEGER, Number.NaN])(
    'writes a message whose time (%s) no Date can hold as of an unknown date, and the rest as usual',
    (time) => {
      const odd: ChatMessage = { id: 'x', time, role: 'user', text: 'sem data' }
      const html = transcriptHtml(chat, [...messages, odd], { locale: 'pt-BR', timeZone: 'UTC', labels, now: 0 })
      expect(html).toContain('<time>Data desconhecida</time></header><p>sem data</p>')
      expect(html).toContain(`<time datetime="${new Date(messages[0].time).toISOString()}">`)
      expect(html).toContain('5 mensagens')
    },
  )

  it('keeps the service objects whole in the JSON export', () => {
    const parsed = JSON.parse(transcriptJson(chat, [{ ...messages[0], extra: 42 } as ChatMessage], 0))
    expect(parsed.chat).toEqual(chat)
    expect(parsed.messages[0].extra).toBe(42)
    expect(parsed.messages[0].text).toBe(messages[0].text)
  })
})
