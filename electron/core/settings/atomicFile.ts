import { randomBytes } from 'node:crypto'
import { open, rename, rm } from 'node:fs/promises'
import { dirname } from 'node:path'

/**
 * Replaces a file so a crash leaves either the old or the new content, never half of one:
 * write a temp file beside it, fsync it, rename it over the target, then fsync the folder.
 */
export async function writeFileAtomic(file: string, data: string | Uint8Array, mode = 0o600): Promise<void> {
  const temp = `${file}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`
  const handle = await open(temp, 'w', mode)
  try {
    await handle.writeFile(data)
    await handle.sync()
  } catch (err) {
    await handle.close()
    await rm(temp, { force: true })
    throw err
  }
  await handle.close()
  try {
    await rename(temp, file)
  } catch (err) {
    await rm(temp, { force: true })
    throw err
  }
  await syncFolder(dirname(file))
}

/** The rename itself is durable only once the folder entry is flushed; not every platform allows it. */
async function syncFolder(folder: string): Promise<void> {
  try {
    const dir = await open(folder, 'r')
    try {
      await dir.sync()
    } finally {
      await dir.close()
    }
  } catch {
    // Windows cannot open a folder for fsync; the rename is still atomic there.
  }
}
