import { deflateSync } from 'node:zlib'

/**
 * The sandbox's media files: small real files generated from their name, so seeded messages can
 * point at images, audio and documents without shipping any binary.
 *
 * Names: `<stem>-<width>x<height>.png`, `<stem>.wav`, `<stem>.pdf` (stem: lowercase letters,
 * digits and dashes). The same name always yields the same bytes.
 */

export interface MediaFile {
  contentType: string
  bytes: Buffer
}

/** Stored paths start with this; answers prefix the server's own base URL. */
export const MEDIA_PREFIX = '/media/'

const NAME = /^([a-z0-9][a-z0-9-]{0,80})\.(png|wav|pdf)$/
const PNG_SIZE = /-(\d{1,4})x(\d{1,4})$/
const MAX_SIDE = 4096

export function mediaPath(name: string): string {
  return MEDIA_PREFIX + name
}

const cache = new Map<string, MediaFile>()
const CACHE_LIMIT = 64

/** The file for a media name, or undefined when the name is not one the sandbox can make. */
export function mediaFile(name: string): MediaFile | undefined {
  const cached = cache.get(name)
  if (cached) return cached
  const m = NAME.exec(name)
  if (!m) return undefined
  const [, stem, ext] = m
  let file: MediaFile | undefined
  if (ext === 'png') {
    const size = PNG_SIZE.exec(stem)
    if (!size) return undefined
    const width = Number(size[1])
    const height = Number(size[2])
    if (width < 1 || height < 1 || width > MAX_SIDE || height > MAX_SIDE) return undefined
    file = { contentType: 'image/png', bytes: solidPng(width, height, colourOf(stem)) }
  } else if (ext === 'wav') {
    file = { contentType: 'audio/wav', bytes: toneWav(330 + (hashOf(stem) % 6) * 55, 1) }
  } else {
    file = { contentType: 'application/pdf', bytes: onePagePdf(titleOf(stem)) }
  }
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string)
  cache.set(name, file)
  return file
}

function hashOf(s: string): number {
  let h = 2166136261
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619)
  return h >>> 0
}

/** A pleasant mid-tone colour chosen by the name, so different images look different. */
function colourOf(stem: string): [number, number, number] {
  const h = hashOf(stem)
  return [96 + (h & 0x7f), 96 + ((h >>> 8) & 0x7f), 96 + ((h >>> 16) & 0x7f)]
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    table[n] = c >>> 0
  }
  return table
})()

function crc32(bytes: Buffer): number {
  let c = 0xffffffff
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(typed))
  return Buffer.concat([length, typed, crc])
}

/** An 8-bit RGB PNG of one colour, with a lighter band across the middle third. */
export function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bit depth
  header[9] = 2 // colour type: RGB
  const rowLength = 1 + width * 3
  const plain = Buffer.alloc(rowLength)
  const light = Buffer.alloc(rowLength)
  for (let x = 0; x < width; x++) {
    plain.set([r, g, b], 1 + x * 3)
    light.set([Math.min(255, r + 60), Math.min(255, g + 60), Math.min(255, b + 60)], 1 + x * 3)
  }
  const raw = Buffer.alloc(rowLength * height)
  for (let y = 0; y < height; y++) {
    const band = y >= height / 3 && y < (2 * height) / 3
    ;(band ? light : plain).copy(raw, y * rowLength)
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

/** A 16-bit mono PCM WAV of a sine tone, 8 kHz. */
export function toneWav(frequency: number, seconds: number): Buffer {
  const rate = 8000
  const samples = Math.round(rate * seconds)
  const data = Buffer.alloc(samples * 2)
  for (let i = 0; i < samples; i++) {
    // A short fade in and out so the tone does not click.
    const fade = Math.min(1, i / 400, (samples - i) / 400)
    data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * frequency * i) / rate) * 12000 * fade), i * 2)
  }
  const header = Buffer.alloc(44)
  header.write('RIFF', 0, 'latin1')
  header.writeUInt32LE(36 + data.length, 4)
  header.write('WAVE', 8, 'latin1')
  header.write('fmt ', 12, 'latin1')
  header.writeUInt32LE(16, 16) // fmt chunk size
  header.writeUInt16LE(1, 20) // PCM
  header.writeUInt16LE(1, 22) // mono
  header.writeUInt32LE(rate, 24)
  header.writeUInt32LE(rate * 2, 28) // byte rate
  header.writeUInt16LE(2, 32) // block align
  header.writeUInt16LE(16, 34) // bits per sample
  header.write('data', 36, 'latin1')
  header.writeUInt32LE(data.length, 40)
  return Buffer.concat([header, data])
}

function titleOf(stem: string): string {
  return stem.replace(/-/g, ' ')
}

/** A one-page PDF 1.4 with a heading; the cross-reference offsets are computed on the real bytes. */
export function onePagePdf(title: string): Buffer {
  const text = (s: string) => s.replace(/[\\()]/g, (c) => '\\' + c)
  const content =
    'BT /F1 20 Tf 72 760 Td (Documento de demonstra\xe7\xe3o) Tj ET\n' +
    `BT /F1 12 Tf 72 730 Td (${text(title)}) Tj ET\n` +
    'BT /F1 12 Tf 72 710 Td (Loja Demonstra\xe7\xe3o - gerado pelo sandbox do Agent Desk) Tj ET\n'
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}endstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ]
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n'
  const offsets: number[] = []
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'))
    out += `${i + 1} 0 obj\n${body}\nendobj\n`
  })
  const xref = Buffer.byteLength(out, 'latin1')
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(out, 'latin1')
}
