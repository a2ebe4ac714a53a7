import { foldForSearch } from '../textSearch'
import type { PageOf, PageWindow, SandboxStore } from '../store'
import type { CustomField } from '../../contract/resources/customField'
import { newId } from '../ids'
import { DAY, SEED_FACTS, SEED_NOW } from '../seed/facts'
import { withoutNulls } from '../wire'
import { badRequest, notFound, ok, type RouteTable, searchedPage, workspaceOrThrow } from './kit'

/** The demo fields the seeded contacts already carry values of (seed.ts `CUSTOM_FIELDS`). */
const DEMO_FIELDS: CustomField[] = [
  {
    id: SEED_FACTS.customFieldIds.plan,
    name: 'Plano',
    jsonName: 'plano',
    description: 'Plano de fidelidade do cliente',
    type: 'STRING',
    archived: false,
  },
  {
    id: SEED_FACTS.customFieldIds.city,
    name: 'Cidade',
    jsonName: 'cidade',
    description: 'Cidade de entrega',
    type: 'STRING',
    archived: false,
  },
  {
    id: SEED_FACTS.customFieldIds.customerSince,
    name: 'Cliente desde',
    jsonName: 'cliente_desde',
    description: 'Data da primeira compra',
    type: 'DATE',
    archived: false,
  },
]

/** The customFields storage of a sandbox store (`store.customFields`). */
export class CustomFieldTable {
  constructor(private readonly s: SandboxStore) {}

  private seeded = false

  /**
   * Seeds the demo fields once per database, on first use rather than with the rest of the seed,
   * so a database file made before custom fields existed gets them too.
   */
  private ready(): this {
    if (this.seeded) return this
    this.seeded = true
    if (this.s.getMeta('admin-seed') === undefined) {
      this.s.transaction(() => {
        const workspaceId = this.s.workspaces.list()[0]?.id
        if (workspaceId)
          DEMO_FIELDS.forEach((f, i) => {
            const at = new Date(SEED_NOW - (300 - i) * DAY).toISOString()
            this.put(workspaceId, { ...f, createdAt: at, updatedAt: at })
          })
        this.s.setMeta('admin-seed', '1')
      })
    }
    return this
  }

  put(workspaceId: string, field: CustomField): void {
    this.ready()
    const ids = { id: field.id, parentId: workspaceId }
    this.s.putSearchable('custom_fields', 'workspace_id', ids, foldForSearch(field.name ?? ''), field)
  }

  get(id: string): CustomField | undefined {
    this.ready()
    return this.s.one('SELECT data FROM custom_fields WHERE id = ?', id)
  }

  workspaceOf(id: string): string | undefined {
    this.ready()
    const row = this.s.sql('SELECT workspace_id FROM custom_fields WHERE id = ?').get(id) as
      { workspace_id: string } | undefined
    return row?.workspace_id
  }

  page(workspaceId: string, query: string | undefined, window: PageWindow): PageOf<CustomField> {
    this.ready()
    return this.s.searchPage('custom_fields', 'workspace_id', workspaceId, query, window)
  }
}

/** A custom field as the document draws it: strings, never null. */
const customFieldWire = (field: CustomField) => withoutNulls(field)

/** What the `customFields.*` operations do in the sandbox (assembled in index.ts). */
export const customFieldsRoutes: RouteTable<'customFields'> = {
  'customFields.list': ({ path, query }, store) =>
    searchedPage(store.customFields, workspaceOrThrow(store, path.workspaceId).id, query, customFieldWire),
  'customFields.create': ({ path, body }, store) => {
    workspaceOrThrow(store, path.workspaceId)
    const taken = store.customFields
      .page(path.workspaceId, undefined, { offset: 0, limit: 10_000 })
      .items.some((f) => f.jsonName === body.jsonName)
    if (taken) throw badRequest(`jsonName: ${body.jsonName} is already used by another field`)
    const at = new Date().toISOString()
    const field: CustomField = { id: newId(), ...body, createdAt: at, updatedAt: at, archived: false }
    store.customFields.put(path.workspaceId, field)
    return customFieldWire(field)
  },
  'customFields.update': ({ path, body }, store) => {
    const field = store.customFields.get(path.customfieldId)
    const workspaceId = store.customFields.workspaceOf(path.customfieldId)
    if (!field || !workspaceId) throw notFound('custom field', path.customfieldId)
    if (body.id !== undefined && body.id !== field.id) throw badRequest('id: does not match the path')
    const clash = store.customFields
      .page(workspaceId, undefined, { offset: 0, limit: 10_000 })
      .items.some((f) => f.id !== field.id && f.jsonName === body.jsonName)
    if (clash) throw badRequest(`jsonName: ${body.jsonName} is already used by another field`)
    const { id: _id, ...changes } = body
    store.customFields.put(workspaceId, { ...field, ...changes, updatedAt: new Date().toISOString() })
    // The document's `{success}`, drawn inside a 204, sent as a 200.
    return ok
  },
  'customFields.toggleArchive': ({ path, query }, store) => {
    const field = store.customFields.get(path.customfieldId)
    const workspaceId = store.customFields.workspaceOf(path.customfieldId)
    if (!field || !workspaceId) throw notFound('custom field', path.customfieldId)
    store.customFields.put(workspaceId, {
      ...field,
      archived: query?.archived ?? false,
      updatedAt: new Date().toISOString(),
    })
    return ok
  },
}
