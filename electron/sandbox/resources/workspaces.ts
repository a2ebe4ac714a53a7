import { NOT_NULLABLE, withoutNullKeys } from '../wire'
import type { RouteTable } from './kit'

/** What the `workspaces.*` operations do in the sandbox (assembled in index.ts). */
export const workspacesRoutes: RouteTable<'workspaces'> = {
  'workspaces.list': (_, store) => store.workspaces().map((w) => withoutNullKeys(w, NOT_NULLABLE.workspace)),
}
