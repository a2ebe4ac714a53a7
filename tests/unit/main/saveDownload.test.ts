import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { SaveDialogOptions } from 'electron'
import { afterAll, describe, expect, it } from 'vitest'
import { AppFailure } from '../../../electron/contract/app/result'
import { createFileHandlers } from '../../../electron/core/files'
import { createSaveDownload } from '../../../electron/main/saveFile'

const dir = mkdtempSync(path.join(tmpdir(), 'agent-desk-download-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/**
 * Electron's `dialog.showSaveDialog([window, ]options)` as documented: resolves to
 * `{ canceled, filePath }`, with the window first when the dialog is attached to one.
 */
function dialogAnswering(answer: { canceled: boolean; filePath?: string }) {
  const asked: { parent: unknown; options: SaveDialogOptions }[] = []
  const dialog = {
    showSaveDialog: async (...args: unknown[]) => {
      asked.push({
        parent: args.length > 1 ? args[0] : null,
        options: args[args.length - 1] as SaveDialogOptions,
      })
      return { canceled: answer.canceled, filePath: answer.filePath ?? '' }
    },
  }
  return { dialog: dialog as never, asked }
}

function bodyOf(chunks: (string | Error)[]) {
  let cancelled = false
  let i = 0
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks[i++]
      if (next === undefined) controller.close()
      else if (next instanceof Error) controller.error(next)
      else controller.enqueue(new TextEncoder().encode(next))
    },
    cancel() {
      cancelled = true
    },
  })
  return { body, cancelled: () => cancelled }
}

describe("main's save of a downloaded media file", () => {
  it('asks where in the save dialog of the window, offering a safe name in the default folder, and streams the file there', async () => {
    const target = path.join(dir, 'contrato.pdf')
    const { dialog, asked } = dialogAnswering({ canceled: false, filePath: target })
    const window = { id: 1 }
    const save = createSaveDownload(
      dialog,
      () => window as never,
      () => dir,
    )
    const { body } = bodyOf(['%PDF-', '1.7 ', 'body'])
    expect(await save({ defaultName: '../../etc/\u202Efdp.exe', body })).toBe('saved')
    expect(readFileSync(target, 'utf8')).toBe('%PDF-1.7 body')
    expect(asked).toHaveLength(1)
    expect(asked[0].parent).toBe(window)
    expect(path.dirname(asked[0].options.defaultPath!)).toBe(dir)
    expect(path.basename(asked[0].options.defaultPath!)).toBe('fdp.exe')
    expect(asked[0].options.properties).toContain('showOverwriteConfirmation')
  })

  it('writes nothing and stops the download when the user cancels', async () => {
    const { dialog } = dialogAnswering({ canceled: true })
    const before = readdirSync(dir)
    const { body, cancelled } = bodyOf(['never read'])
    expect(
      await createSaveDownload(
        dialog,
        () => null,
        () => dir,
      )({ defaultName: 'a.pdf', body }),
    ).toBe('cancelled')
    expect(cancelled()).toBe(true)
    expect(readdirSync(dir)).toEqual(before)
  })

  it('a download that fails half-way leaves the old file as it was and no partial file', async () => {
    const target = path.join(dir, 'old.pdf')
    writeFileSync(target, 'the old file')
    const { dialog } = dialogAnswering({ canceled: false, filePath: target })
    const { body } = bodyOf(['half of the ', new Error('connection lost')])
    await expect(
      createSaveDownload(
        dialog,
        () => null,
        () => dir,
      )({ defaultName: 'old.pdf', body }),
    ).rejects.toThrow('connection lost')
    expect(readFileSync(target, 'utf8')).toBe('the old file')
    expect(existsSync(`${target}.part`)).toBe(false)
  })
})

describe('files.saveMedia', () => {
  const input = { url: 'https://svc.example/media/doc%20final.pdf', fileName: undefined }

  it('fetches through the core media path and hands the body to the shell under a safe name', async () => {
    const fetched: string[] = []
    const saved: { defaultName: string; text: string }[] = []
    const handlers = createFileHandlers({
      fetchMedia: async (url) => {
        fetched.push(url)
        return new Response('bytes', { status: 200 })
      },
      saveDownload: async ({ defaultName, body }) => {
        saved.push({ defaultName, text: await new Response(body).text() })
        return 'saved'
      },
    })
    await expect(handlers['files.saveMedia'](input, {} as never)).resolves.toEqual({ outcome: 'saved' })
    expect(fetched).toEqual([input.url])
    expect(saved).toEqual([{ defaultName: 'doc final.pdf', text: 'bytes' }])
  })

  it('says not_found for a file the service no longer has, and saves nothing', async () => {
    let asked = 0
    const handlers = createFileHandlers({
      fetchMedia: async () => new Response('gone', { status: 404 }),
      saveDownload: async () => {
        asked++
        return 'saved'
      },
    })
    const failure = await Promise.resolve(handlers['files.saveMedia'](input, {} as never)).catch((e: unknown) => e)
    expect(failure).toBeInstanceOf(AppFailure)
    expect((failure as AppFailure).error).toMatchObject({ kind: 'not_found', status: 404 })
    expect(asked).toBe(0)
  })
})
