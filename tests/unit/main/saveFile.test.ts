import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { SaveDialogOptions } from 'electron'
import { afterAll, describe, expect, it } from 'vitest'
import { safeFileName } from '../../../electron/contract/fileNames'
import { createSaveFile } from '../../../electron/main/saveFile'

const dir = mkdtempSync(path.join(tmpdir(), 'agent-desk-save-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function dialogAnswering(answer: { canceled: boolean; filePath?: string }) {
  const asked: SaveDialogOptions[] = []
  const dialog = {
    showSaveDialog: async (...args: unknown[]) => {
      asked.push(args[args.length - 1] as SaveDialogOptions)
      return { canceled: answer.canceled, filePath: answer.filePath ?? '' }
    },
  }
  return { dialog: dialog as never, asked }
}

describe('saving a chat export', () => {
  it('writes the content where the user chose, offering the suggested name in the default folder', async () => {
    const target = path.join(dir, 'chosen.html')
    const { dialog, asked } = dialogAnswering({ canceled: false, filePath: target })
    const save = createSaveFile(
      dialog,
      () => null,
      () => dir,
    )
    expect(await save({ defaultName: 'chat-maria-2026-01-01.html', content: '<p>oi</p>', format: 'html' })).toBe(
      'saved',
    )
    expect(readFileSync(target, 'utf8')).toBe('<p>oi</p>')
    expect(asked[0].defaultPath).toBe(path.join(dir, 'chat-maria-2026-01-01.html'))
    expect(asked[0].filters).toEqual([{ name: 'Web page', extensions: ['html'] }])
  })

  it('writes a chart of the insights as the PNG bytes its base64 content holds', async () => {
    const target = path.join(dir, 'chart')
    const { dialog, asked } = dialogAnswering({ canceled: false, filePath: target })
    const save = createSaveFile(
      dialog,
      () => null,
      () => dir,
    )
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff])
    expect(await save({ defaultName: 'chart.png', content: bytes.toString('base64'), format: 'png' })).toBe('saved')
    expect(readFileSync(`${target}.png`)).toEqual(bytes)
    expect(asked[0].filters).toEqual([{ name: 'PNG', extensions: ['png'] }])
  })

  it('keeps a suggested name from choosing the folder', async () => {
    const { dialog, asked } = dialogAnswering({ canceled: true })
    await createSaveFile(
      dialog,
      () => null,
      () => dir,
    )({ defaultName: '../../etc/passwd', content: 'x', format: 'json' })
    expect(asked[0].defaultPath).toBe(path.join(dir, 'passwd'))
  })

  it('answers cancelled and writes nothing when the user closes the dialog', async () => {
    const { dialog } = dialogAnswering({ canceled: true })
    expect(
      await createSaveFile(
        dialog,
        () => null,
        () => dir,
      )({ defaultName: 'a.json', content: '{}', format: 'json' }),
    ).toBe('cancelled')
  })

  it('adds the extension when the dialog returns a bare name', async () => {
    const { dialog } = dialogAnswering({ canceled: false, filePath: path.join(dir, 'bare') })
    await createSaveFile(
      dialog,
      () => null,
      () => dir,
    )({ defaultName: 'a.json', content: '{"a":1}', format: 'json' })
    expect(readFileSync(path.join(dir, 'bare.json'), 'utf8')).toBe('{"a":1}')
  })
})

describe('the names of saved files', () => {
  it('strips bidi controls from the suggested name, so it cannot disguise its extension', async () => {
    const { dialog, asked } = dialogAnswering({ canceled: true })
    await createSaveFile(
      dialog,
      () => null,
      () => dir,
    )({ defaultName: 'invoice\u202Efdp.exe\u2066\u200F.html', content: 'x', format: 'html' })
    expect(asked[0].defaultPath).toBe(path.join(dir, 'invoicefdp.exe.html'))
  })

  it.each([
    ['invoice\u202Efdp.exe', 'invoicefdp.exe'],
    ['a\u0000b\u001fc\u007f', 'abc'],
    ['..\\..\\x:y*?"<>|.pdf', '_.._x_y______.pdf'],
    ['   ', 'file'],
    [`${'a'.repeat(500)}.pdf`, `${'a'.repeat(116)}.pdf`],
  ])('safeFileName(%j) is %j', (name, expected) => {
    expect(safeFileName(name)).toBe(expected)
  })
})
