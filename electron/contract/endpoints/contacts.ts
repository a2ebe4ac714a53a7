import { z } from 'zod'
import { endpoint, none } from '../endpointDef'
import { FilteredPageQuery, SuccessBody, tolerantList } from '../resources/common'
import { Contact, ContactInput } from '../resources/contact'

/** The `contacts.*` operations of the endpoint table (assembled in index.ts). */
export const contactsEndpoints = {
  'contacts.search': endpoint({
    method: 'GET',
    path: '/v2/workspace/{workspaceId}/search',
    params: ['workspaceId'],
    query: FilteredPageQuery,
    body: none,
    response: tolerantList(Contact),
    cacheable: true,
    summary: 'Search or list the contacts of a workspace',
    pageBase: 1,
  }),
  'contacts.get': endpoint({
    method: 'GET',
    path: '/v2/workspace/{workspaceId}/contact/{contactId}',
    params: ['workspaceId', 'contactId'],
    query: none,
    body: none,
    response: Contact,
    cacheable: true,
    summary: 'Get one contact',
  }),
  'contacts.update': endpoint({
    method: 'PUT',
    path: '/v2/contact/{contactId}/update',
    params: ['contactId'],
    query: none,
    body: ContactInput,
    response: Contact,
    cacheable: false,
    summary: 'Update a contact',
    specOperation: 2,
    invalidates: ['chats'],
  }),
  'contacts.delete': endpoint({
    method: 'DELETE',
    path: '/v2/contact/{contactId}/delete',
    params: ['contactId'],
    query: none,
    body: none,
    response: z.union([SuccessBody, z.looseObject({}), z.null()]),
    cacheable: false,
    summary: 'Delete a contact (unverified on the real service; the 200 body is not documented)',
    specOperation: 1,
  }),
} as const
