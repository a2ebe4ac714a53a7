import { inflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import type { ChatMessage } from '../../../electron/contract/resources/chat'
import { SEED_FACTS } from '../../../electron/sandbox/index'
import { TOKEN, useSandbox } from './sandboxClient'

const api = useSandbox()

async function fetchMedia(url: string, token: string | null = TOKEN) {
  const res = await fetch(url, { headers: token === null ? {} : { authorization: `Bearer ${token}` } })
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) }
}

async function newestMessages(): Promise<ChatMessage[]> {
  return (await api.get<ChatMessage[]>(`/v2/chat/${SEED_FACTS.bigChatId}/messages?pageSize=30`)).body
}

describe('sandbox media', () => {
  it('serves a real PNG of the width and height the message states', async () => {
    const image = (await newestMessages()).find((m) => m.type === 'IMAGE') as ChatMessage
    const file = await fetchMedia(image.imageUrl as string)
    expect(file.status).toBe(200)
    expect(file.type).toBe('image/png')
    expect(file.bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    expect(file.bytes.toString('latin1', 12, 16)).toBe('IHDR')
    const width = file.bytes.readUInt32BE(16)
    const height = file.bytes.readUInt32BE(20)
    expect([width, height]).toEqual([image.width, image.height])
    // The pixel data inflates to exactly one filter byte plus RGB per pixel, row by row.
    const idat = file.bytes.indexOf('IDAT', 0, 'latin1')
    const length = file.bytes.readUInt32BE(idat - 4)
    const raw = inflateSync(file.bytes.subarray(idat + 4, idat + 4 + length))
    expect(raw.length).toBe(height * (1 + 3 * width))
    expect(file.bytes.subarray(-8, -4).toString('latin1')).toBe('IEND')
  })

  it('serves a one-second PCM WAV for an audio message', async () => {
    const audio = (await newestMessages()).find((m) => m.type === 'AUDIO') as ChatMessage
    const file = await fetchMedia(audio.audioUrl as string)
    expect(file.status).toBe(200)
    expect(file.type).toBe('audio/wav')
    expect(file.bytes.toString('latin1', 0, 4)).toBe('RIFF')
    expect(file.bytes.toString('latin1', 8, 12)).toBe('WAVE')
    expect(file.bytes.readUInt32LE(4)).toBe(file.bytes.length - 8)
    const rate = file.bytes.readUInt32LE(24)
    const byteRate = file.bytes.readUInt32LE(28)
    expect(file.bytes.toString('latin1', 36, 40)).toBe('data')
    const dataLength = file.bytes.readUInt32LE(40)
    expect(dataLength / byteRate).toBe(1)
    expect(rate).toBe(8000)
    // Not silence.
    expect(
      Math.max(...Array.from({ length: 400 }, (_, i) => Math.abs(file.bytes.readInt16LE(44 + 4000 + i * 2)))),
    ).toBeGreaterThan(5000)
  })

  it('serves a valid PDF whose cross-reference offsets point at its objects', async () => {
    const doc = (await newestMessages()).find((m) => m.type === 'DOCUMENT') as ChatMessage
    const file = await fetchMedia(doc.documentUrl as string)
    expect(file.status).toBe(200)
    expect(file.type).toBe('application/pdf')
    const text = file.bytes.toString('latin1')
    expect(text.startsWith('%PDF-1.4')).toBe(true)
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true)
    const startxref = Number(/startxref\n(\d+)/.exec(text)?.[1])
    expect(text.slice(startxref, startxref + 4)).toBe('xref')
    const offsets = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]))
    expect(offsets).toHaveLength(5)
    offsets.forEach((offset, i) => expect(text.slice(offset, offset + 8)).toBe(`${i + 1} 0 obj\n`))
    const length = Number(/\/Length (\d+)/.exec(text)?.[1])
    const stream = text.indexOf('stream\n') + 7
    expect(text.slice(stream + length, stream + length + 9)).toBe('endstream')
  })

  it('serves avatars of agents and contacts on the sandbox', async () => {
    const agent = await api.get<{ avatar: string }>(`/v2/agent/${SEED_FACTS.agents.support}`)
    const file = await fetchMedia(agent.body.avatar)
    expect(file).toMatchObject({ status: 200, type: 'image/png' })
    expect(file.bytes.readUInt32BE(16)).toBe(256)
  })

  it('requires the bearer token for media too', async () => {
    const image = (await newestMessages()).find((m) => m.type === 'IMAGE') as ChatMessage
    expect((await fetchMedia(image.imageUrl as string, null)).status).toBe(403)
    expect((await fetchMedia(image.imageUrl as string, 'wrong')).status).toBe(403)
  })

  it.each(['nope.gif', 'image-1.png', 'image-1-0x10.png', 'image-1-9000x10.png', '..%2Fsecret.pdf', 'A.pdf'])(
    'answers 404 {error} for a media name it cannot make: %s',
    async (name) => {
      const res = await api.get(`/media/${name}`)
      expect(res.status).toBe(404)
      expect(res.body).toEqual({ error: expect.any(String) })
    },
  )
})
