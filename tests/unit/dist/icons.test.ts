import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { encodeIcns, encodeIco, ICNS_TYPES, ICO_SIZES, PNG_SIZES, pngSize } from '../../../scripts/icons'

const resources = join(__dirname, '..', '..', '..', 'resources')

/** Reads an ICO back: (width, height, PNG) per directory entry, 0 meaning 256. */
function readIco(ico: Buffer): { width: number; height: number; png: Buffer }[] {
  expect(ico.readUInt16LE(0)).toBe(0)
  expect(ico.readUInt16LE(2)).toBe(1)
  const count = ico.readUInt16LE(4)
  return Array.from({ length: count }, (_, i) => {
    const at = 6 + i * 16
    const size = ico.readUInt32LE(at + 8)
    const offset = ico.readUInt32LE(at + 12)
    return {
      width: ico.readUInt8(at) || 256,
      height: ico.readUInt8(at + 1) || 256,
      png: ico.subarray(offset, offset + size),
    }
  })
}

/** Reads an ICNS back: (type, PNG) per element. */
function readIcns(icns: Buffer): { type: string; png: Buffer }[] {
  expect(icns.toString('ascii', 0, 4)).toBe('icns')
  expect(icns.readUInt32BE(4)).toBe(icns.length)
  const elements: { type: string; png: Buffer }[] = []
  for (let at = 8; at < icns.length;) {
    const length = icns.readUInt32BE(at + 4)
    elements.push({ type: icns.toString('ascii', at, at + 4), png: icns.subarray(at + 8, at + length) })
    at += length
  }
  return elements
}

describe('the committed icon set', () => {
  it('has a PNG of every size, named the way electron-builder reads a Linux icon folder', async () => {
    for (const size of PNG_SIZES) {
      const png = await readFile(join(resources, 'icons', `${size}x${size}.png`))
      expect(pngSize(png)).toEqual({ width: size, height: size })
    }
  })

  it('has a Windows icon whose entries are PNGs of 16 to 256 px, each declared at its real size', async () => {
    const entries = readIco(await readFile(join(resources, 'icon.ico')))
    expect(entries.map((e) => e.width)).toEqual([...ICO_SIZES])
    for (const entry of entries) {
      expect(pngSize(entry.png)).toEqual({ width: entry.width, height: entry.height })
    }
  })

  it('has a macOS icon with PNG entries ic07 to ic10 at 128, 256, 512 and 1024 px', async () => {
    const elements = readIcns(await readFile(join(resources, 'icon.icns')))
    expect(elements.map((e) => e.type)).toEqual(['ic07', 'ic08', 'ic09', 'ic10'])
    for (const { type, png } of elements) {
      const expected = ICNS_TYPES[type as keyof typeof ICNS_TYPES]
      expect(pngSize(png)).toEqual({ width: expected, height: expected })
    }
  })
})

describe('the icon encoders', () => {
  const fakePng = (size: number): Buffer => {
    // A PNG signature and IHDR header are all pngSize reads; enough to test the containers.
    const png = Buffer.alloc(33)
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(png)
    png.writeUInt32BE(13, 8)
    png.write('IHDR', 12, 'ascii')
    png.writeUInt32BE(size, 16)
    png.writeUInt32BE(size, 20)
    return png
  }

  it('writes 256 px as 0 in an ICO directory and points every entry at its own data', () => {
    const pngs = [fakePng(16), fakePng(256)]
    const entries = readIco(encodeIco(pngs))
    expect(entries.map((e) => e.width)).toEqual([16, 256])
    expect(entries[1].png.equals(pngs[1])).toBe(true)
  })

  it('refuses an ICO entry larger than 256 px', () => {
    expect(() => encodeIco([fakePng(512)])).toThrow(/at most 256/)
  })

  it('refuses an ICNS entry whose size does not match its type', () => {
    expect(() => encodeIcns([{ type: 'ic08', png: fakePng(128) }])).toThrow(/ic08 must be 256/)
  })

  it('refuses data that is not a PNG', () => {
    expect(() => pngSize(Buffer.from('GIF89a and then some more bytes here'))).toThrow(/not a PNG/)
  })
})
