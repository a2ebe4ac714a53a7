import { type SandboxStore, type DataRow, parse, parseAll } from '../store'
import type { Workspace } from '../../contract/resources/workspace'
import { NOT_NULLABLE, withoutNullKeys } from '../wire'
import type { RouteTable } from './kit'

/** The workspaces storage of a sandbox store (`store.workspaces`). */
export class WorkspaceTable {
  constructor(private readonly s: SandboxStore) {}

  put(w: Workspace): void {
    this.s.sql('INSERT OR REPLACE INTO workspaces (id, data) VALUES (?, ?)').run(w.id, JSON.stringify(w))
  }

  get(id: string): Workspace | undefined {
    return parse(this.s.sql('SELECT data FROM workspaces WHERE id = ?').get(id) as DataRow | undefined)
  }

  list(): Workspace[] {
    return parseAll(this.s.sql('SELECT data FROM workspaces ORDER BY rowid').all())
  }
}

/** What the `workspaces.*` operations do in the sandbox (assembled in index.ts). */
export const workspacesRoutes: RouteTable<'workspaces'> = {
  'workspaces.list': (_, store) => store.workspaces.list().map((w) => withoutNullKeys(w, NOT_NULLABLE.workspace)),
}
