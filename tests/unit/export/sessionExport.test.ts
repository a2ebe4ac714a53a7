import { describe, expect, it, vi } from 'vitest'
import type { ExportRow } from '../../../electron/contract/resources/liveChat'
import {
  createSessionExportHandlers,
  csvCell,
  SESSION_EXPORT_PAGE_SIZE,
  sessionsCsv,
} from '../../../electron/core/export/sessionExport'
import { coreCallsOver } from '../../../electron/core/router'

const LABELS = {
  contactName: 'Contact',
  channelType: 'Channel',
  status: 'Status',
  agentName: 'Agent',
  startAt: 'Started',
  resolvedAt: 'Resolved',
  duration: 'Duration',
  protocol: 'Protocol',
}
const row = (n: number): ExportRow => ({
  contactName: `Cliente ${n}`,
  channelType: 'WHATSAPP',
  status: 'RESOLVED',
  agentName: 'Sofia',
  startAt: '2026-11-01T10:00:00.000Z',
  resolvedAt: '',
  duration: '00:10:00',
  protocol: String(1000 + n),
})

describe('sessions CSV', () => {
  it('quotes separators and neutralises formulas (CSV injection)', () => {
    expect(csvCell('a,b')).toBe('"a,b"')
    expect(csvCell('diz "oi"')).toBe('"diz ""oi"""')
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`)
    expect(csvCell('+5511')).toBe("'+5511")
    expect(sessionsCsv([row(1)], LABELS).split('\r\n')[0]).toBe(
      '\uFEFFContact,Channel,Status,Agent,Started,Resolved,Duration,Protocol',
    )
  })

  it('pages the vendor export with {page, pagesize}, reports progress, and saves the file', async () => {
    const total = SESSION_EXPORT_PAGE_SIZE + 30
    const asked: unknown[] = []
    const progress: number[] = []
    const saved: { defaultName: string; content: string; format: string }[] = []
    const handlers = createSessionExportHandlers({
      core: coreCallsOver(async (channel, input) => {
        asked.push([channel, input])
        const { page, pagesize } = (input as { body: { page: number; pagesize: number } }).body
        const rows = Array.from({ length: total }, (_, i) => row(i)).slice((page - 1) * pagesize, page * pagesize)
        return { ok: true, data: rows }
      }),
      saveFile: async (file) => {
        saved.push(file)
        return 'saved'
      },
      emit: ((event: string, payload: { rows: number }) => {
        if (event === 'sessions.exportProgress') progress.push(payload.rows)
      }) as never,
      now: () => Date.UTC(2026, 10, 26),
    })
    const result = await handlers['sessions.export'](
      { exportId: 'e1', workspaceId: 'W1', labels: LABELS },
      {
        activeProfile: async () => null,
      },
    )
    expect(result).toEqual({ outcome: 'saved', fileName: 'sessions-2026-11-26.csv', rows: total })
    expect(asked[0]).toEqual([
      'api:interactions.export',
      { path: { workspaceId: 'W1' }, body: { page: 1, pagesize: 100 } },
    ])
    expect(progress).toEqual([100, total])
    expect(saved[0]).toMatchObject({ defaultName: 'sessions-2026-11-26.csv', format: 'csv' })
    expect(saved[0].content.trim().split('\r\n')).toHaveLength(total + 1)
  })

  it('stops between pages when cancelled', async () => {
    let release: (() => void) | undefined
    const handlers = createSessionExportHandlers({
      core: coreCallsOver(async () => {
        await new Promise<void>((r) => (release = r))
        return { ok: true, data: Array.from({ length: SESSION_EXPORT_PAGE_SIZE }, (_, i) => row(i)) }
      }),
      emit: (() => undefined) as never,
    })
    const running = handlers['sessions.export'](
      { exportId: 'e2', workspaceId: 'W1', labels: LABELS },
      {
        activeProfile: async () => null,
      },
    ) as Promise<unknown>
    // The first page is on its way (its request waits for `release`).
    await vi.waitFor(() => expect(release).toBeDefined())
    expect(await handlers['sessions.exportCancel']({ exportId: 'e2' }, { activeProfile: async () => null })).toEqual({
      cancelled: true,
    })
    release?.()
    await expect(running).rejects.toMatchObject({ error: { kind: 'cancelled' } })
  })
})
