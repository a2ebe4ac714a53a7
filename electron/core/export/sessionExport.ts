import { sessionExportChannels, type SessionExportResult } from '../../contract/app/sessionExport'
import { takePage } from '../../contract/paging'
import { EXPORT_COLUMNS, type ExportRow } from '../../contract/resources/liveChat'
import type { AppHandlers, CoreCalls, Emit } from '../router'
import { StoppableRuns } from '../stoppableRuns'
import { exportCancelled, type SaveFile } from './chatExport'

/** Sessions per request of the vendor's export. */
export const SESSION_EXPORT_PAGE_SIZE = 100

export interface SessionExportDeps {
  /** The core's own calls: the API through the cache, as the renderer would call it. */
  core: CoreCalls
  saveFile?: SaveFile
  emit: Emit
  now?: () => number
}

/**
 * One CSV cell: quoted when it holds a separator, quote or line break; a cell that a spreadsheet
 * would run as a formula (= + - @, tab, carriage return) is prefixed with a quote mark (OWASP CSV injection).
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value)
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** The file: a header of the user's words, then one line per session; CRLF, as RFC 4180 says. */
export function sessionsCsv(
  rows: readonly ExportRow[],
  labels: Record<(typeof EXPORT_COLUMNS)[number], string>,
): string {
  const lines = [EXPORT_COLUMNS.map((c) => csvCell(labels[c])).join(',')]
  for (const row of rows) lines.push(EXPORT_COLUMNS.map((c) => csvCell(row[c])).join(','))
  // A byte-order mark so spreadsheet programs read the accents as UTF-8.
  return `\uFEFF${lines.join('\r\n')}\r\n`
}

export function createSessionExportHandlers(deps: SessionExportDeps): AppHandlers<keyof typeof sessionExportChannels> {
  const now = deps.now ?? Date.now
  const running = new StoppableRuns('This export is already running', exportCancelled)

  return {
    'sessions.export': (input, ctx): Promise<SessionExportResult> =>
      running.run(input.exportId, ctx.signal, async (controller) => {
        const rows: ExportRow[] = []
        const seen = new Set<string>()
        for (let page = 1; ; page++) {
          if (controller.signal.aborted) throw exportCancelled()
          const part = await deps.core.endpoint(
            'interactions.export',
            { path: { workspaceId: input.workspaceId }, body: { page, pagesize: SESSION_EXPORT_PAGE_SIZE } },
            { signal: controller.signal },
          )
          // Rows carry no id: a row is known by its whole content.
          const { fresh, more } = takePage(part, seen, (row) => JSON.stringify(row), SESSION_EXPORT_PAGE_SIZE)
          rows.push(...fresh)
          deps.emit('sessions.exportProgress', { exportId: input.exportId, rows: rows.length })
          if (!more) break
        }
        if (controller.signal.aborted) throw exportCancelled()
        const content = sessionsCsv(rows, input.labels)
        const fileName = `sessions-${new Date(now()).toISOString().slice(0, 10)}.csv`
        if (!deps.saveFile) return { outcome: 'content', fileName, rows: rows.length, content }
        const outcome = await deps.saveFile({ defaultName: fileName, content, format: 'csv' })
        return { outcome, fileName, rows: rows.length }
      }),
    'sessions.exportCancel': async ({ exportId }) => ({ cancelled: running.stop(exportId) }),
  }
}
