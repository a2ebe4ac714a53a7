import { endpoint, none } from '../endpointDef'
import { FilteredPageQuery, NoContent, tolerantList } from '../resources/common'
import {
  CustomField,
  CustomFieldCreateInput,
  CustomFieldUpdateInput,
  ToggleArchiveQuery,
} from '../resources/customField'

/** The `customFields.*` operations of the endpoint table (assembled in index.ts). */
export const customFieldsEndpoints = {
  'customFields.list': endpoint({
    method: 'GET',
    path: '/v2/custom-field/workspace/{workspaceId}',
    params: ['workspaceId'],
    query: FilteredPageQuery,
    body: none,
    // The envelope is unknown (api-notes §8): a bare array, {data} or one object are all read.
    response: tolerantList(CustomField),
    cacheable: true,
    summary: 'List the custom fields of a workspace, archived ones included (query filters by name)',
    pageBase: 1,
  }),
  'customFields.create': endpoint({
    method: 'POST',
    path: '/v2/custom-field/workspace/{workspaceId}',
    params: ['workspaceId'],
    query: none,
    body: CustomFieldCreateInput,
    response: CustomField,
    cacheable: false,
    summary: 'Create a custom field of a workspace',
  }),
  'customFields.update': endpoint({
    method: 'PUT',
    path: '/v2/custom-field/{customfieldId}',
    params: ['customfieldId'],
    query: none,
    body: CustomFieldUpdateInput,
    response: NoContent,
    cacheable: false,
    summary: 'Rename or retype a custom field',
  }),
  'customFields.toggleArchive': endpoint({
    method: 'PUT',
    path: '/v2/custom-field/toggle-archive/{customfieldId}',
    params: ['customfieldId'],
    query: ToggleArchiveQuery,
    body: none,
    response: NoContent,
    cacheable: false,
    // The document's parameter defaults to false; the app always sends it, so archiving and
    // restoring never depend on what the previous state was.
    summary: 'Archive (archived=true) or restore (archived=false) a custom field',
  }),
} as const
