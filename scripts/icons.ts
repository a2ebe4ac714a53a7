/**
 * Draws the app's icon set from `resources/icon.svg`: PNGs 16..1024 (the Linux icon set and the
 * window icon), `icon.ico` for Windows and `icon.icns` for macOS. Run `npx tsx scripts/icons.ts`
 * after changing the SVG and commit what it writes; packaging only reads the files.
 *
 * Chromium rasterizes (it is already here for the e2e tests); the ICO and ICNS containers are
 * written by hand because both simply wrap PNG data, which saves a native image toolchain.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

export const PNG_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024] as const
/** Windows shows 16..256; a PNG-encoded entry needs Vista or later, which Electron requires anyway. */
export const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256] as const
/** The PNG-capable ICNS types: ic07 128, ic08 256, ic09 512, ic10 1024 (512@2x). */
export const ICNS_TYPES = { ic07: 128, ic08: 256, ic09: 512, ic10: 1024 } as const
export type IcnsType = keyof typeof ICNS_TYPES

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

/** Width and height from a PNG's IHDR chunk; throws on anything that is not a PNG. */
export function pngSize(png: Buffer): { width: number; height: number } {
  if (png.length < 24 || !png.subarray(0, 8).equals(PNG_SIGNATURE) || png.toString('ascii', 12, 16) !== 'IHDR') {
    throw new Error('not a PNG file')
  }
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) }
}

/** An ICO file whose images are stored as PNG (6-byte header, 16-byte directory entries, data). */
export function encodeIco(pngs: readonly Buffer[]): Buffer {
  const header = Buffer.alloc(6)
  header.writeUInt16LE(0, 0) // reserved
  header.writeUInt16LE(1, 2) // type 1: icon
  header.writeUInt16LE(pngs.length, 4)
  const directory = Buffer.alloc(16 * pngs.length)
  let offset = header.length + directory.length
  pngs.forEach((png, i) => {
    const { width, height } = pngSize(png)
    if (width > 256 || height > 256) throw new Error(`ICO entries are at most 256 px, got ${width}x${height}`)
    const at = i * 16
    directory.writeUInt8(width === 256 ? 0 : width, at) // 0 means 256
    directory.writeUInt8(height === 256 ? 0 : height, at + 1)
    directory.writeUInt8(0, at + 2) // no palette
    directory.writeUInt8(0, at + 3) // reserved
    directory.writeUInt16LE(1, at + 4) // colour planes
    directory.writeUInt16LE(32, at + 6) // bits per pixel
    directory.writeUInt32LE(png.length, at + 8)
    directory.writeUInt32LE(offset, at + 12)
    offset += png.length
  })
  return Buffer.concat([header, directory, ...pngs])
}

/** An ICNS file: 'icns' + total length, then one (type, length, PNG data) element per entry, big-endian. */
export function encodeIcns(entries: readonly { type: IcnsType; png: Buffer }[]): Buffer {
  const elements = entries.map(({ type, png }) => {
    const { width } = pngSize(png)
    if (width !== ICNS_TYPES[type]) throw new Error(`${type} must be ${ICNS_TYPES[type]} px, got ${width}`)
    const head = Buffer.alloc(8)
    head.write(type, 0, 'ascii')
    head.writeUInt32BE(8 + png.length, 4)
    return Buffer.concat([head, png])
  })
  const head = Buffer.alloc(8)
  head.write('icns', 0, 'ascii')
  head.writeUInt32BE(8 + elements.reduce((sum, e) => sum + e.length, 0), 4)
  return Buffer.concat([head, ...elements])
}

/** Rasterizes the SVG once per size, transparent outside the drawing. */
export async function renderPngs(svg: string, sizes: readonly number[]): Promise<Map<number, Buffer>> {
  const { chromium } = await import('@playwright/test')
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
  try {
    const page = await browser.newPage({ deviceScaleFactor: 1 })
    const result = new Map<number, Buffer>()
    for (const size of sizes) {
      await page.setViewportSize({ width: size, height: size })
      const sized = svg.replace(/<svg\b([^>]*?)\swidth="\d+"\sheight="\d+"/, `<svg$1 width="${size}" height="${size}"`)
      await page.setContent(
        `<!doctype html><html><body style="margin:0;background:transparent;overflow:hidden">${sized}</body></html>`,
      )
      const png = await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } })
      result.set(size, png)
    }
    return result
  } finally {
    await browser.close()
  }
}

async function main(): Promise<void> {
  const resources = join(dirname(fileURLToPath(import.meta.url)), '..', 'resources')
  const svg = await readFile(join(resources, 'icon.svg'), 'utf8')
  const pngs = await renderPngs(svg, PNG_SIZES)
  const png = (size: number): Buffer => {
    const data = pngs.get(size)
    if (!data) throw new Error(`no ${size} px render`)
    return data
  }

  // electron-builder's Linux icon set is a folder of PNGs named by size.
  await mkdir(join(resources, 'icons'), { recursive: true })
  for (const size of PNG_SIZES) await writeFile(join(resources, 'icons', `${size}x${size}.png`), png(size))
  await writeFile(join(resources, 'icon.png'), png(512))
  await writeFile(join(resources, 'icon.ico'), encodeIco(ICO_SIZES.map(png)))
  const icns = (Object.entries(ICNS_TYPES) as [IcnsType, number][]).map(([type, size]) => ({ type, png: png(size) }))
  await writeFile(join(resources, 'icon.icns'), encodeIcns(icns))
  console.log(`icons written to ${resources}: ${PNG_SIZES.join(', ')} px, icon.ico, icon.icns`)
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error)
    process.exit(1)
  })
}
