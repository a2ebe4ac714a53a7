import type { CustomField } from '../../contract/resources/customField'
import { adminStoreOf } from '../adminStore'
import { newId } from '../ids'
import { withoutNulls } from '../wire'
import { badRequest, notFound, ok, type RouteTable, windowOf, workspaceOrThrow } from './kit'

/** A custom field as the document draws it: strings, never null. */
const customFieldWire = (field: CustomField) => withoutNulls(field)

/** What the `customFields.*` operations do in the sandbox (assembled in index.ts). */
export const customFieldsRoutes: RouteTable<'customFields'> = {
  'customFields.list': ({ path, query }, store) => {
    workspaceOrThrow(store, path.workspaceId)
    return adminStoreOf(store)
      .customFields(path.workspaceId, query.query, windowOf(query.page, query.pageSize))
      .items.map(customFieldWire)
  },
  'customFields.create': ({ path, body }, store) => {
    workspaceOrThrow(store, path.workspaceId)
    const admin = adminStoreOf(store)
    const taken = admin
      .customFields(path.workspaceId, undefined, { offset: 0, limit: 10_000 })
      .items.some((f) => f.jsonName === body.jsonName)
    if (taken) throw badRequest(`jsonName: ${body.jsonName} is already used by another field`)
    const at = new Date().toISOString()
    const field: CustomField = { id: newId(), ...body, createdAt: at, updatedAt: at, archived: false }
    admin.putCustomField(path.workspaceId, field)
    return customFieldWire(field)
  },
  'customFields.update': ({ path, body }, store) => {
    const admin = adminStoreOf(store)
    const field = admin.customField(path.customfieldId)
    const workspaceId = admin.customFieldWorkspace(path.customfieldId)
    if (!field || !workspaceId) throw notFound('custom field', path.customfieldId)
    if (body.id !== undefined && body.id !== field.id) throw badRequest('id: does not match the path')
    const clash = admin
      .customFields(workspaceId, undefined, { offset: 0, limit: 10_000 })
      .items.some((f) => f.id !== field.id && f.jsonName === body.jsonName)
    if (clash) throw badRequest(`jsonName: ${body.jsonName} is already used by another field`)
    const { id: _id, ...changes } = body
    admin.putCustomField(workspaceId, { ...field, ...changes, updatedAt: new Date().toISOString() })
    // The document's `{success}`, drawn inside a 204, sent as a 200.
    return ok
  },
  'customFields.toggleArchive': ({ path, query }, store) => {
    const admin = adminStoreOf(store)
    const field = admin.customField(path.customfieldId)
    const workspaceId = admin.customFieldWorkspace(path.customfieldId)
    if (!field || !workspaceId) throw notFound('custom field', path.customfieldId)
    admin.putCustomField(workspaceId, {
      ...field,
      archived: query?.archived ?? false,
      updatedAt: new Date().toISOString(),
    })
    return ok
  },
}
