import type { RouteLocationNormalized, RouteRecordRaw } from 'vue-router'
import { navScreen } from '@/router/navScreen'

export default [
  navScreen('contacts', () => import('./ContactsListView.vue'), { label: 'contacts.nav', order: 30 }),
  {
    // For links from a chat: finds the contact whose phone or recipient is this, then opens it.
    path: '/contacts/by-recipient/:recipient',
    name: 'contact-by-recipient',
    component: () => import('./ContactByRecipientView.vue'),
    props: (to: RouteLocationNormalized) => ({
      recipient: to.params.recipient,
      name: typeof to.query.name === 'string' ? to.query.name : undefined,
    }),
  },
  {
    path: '/contacts/:contactId',
    name: 'contact-detail',
    component: () => import('./ContactDetailView.vue'),
    props: true,
  },
] satisfies RouteRecordRaw[]
