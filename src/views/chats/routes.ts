import type { RouteRecordRaw } from 'vue-router'
import { navScreen } from '@/router/navScreen'

export default [
  // The list stays mounted on the left while chats open on the right.
  navScreen(
    'chats',
    () => import('./ChatsView.vue'),
    { label: 'chats.nav', order: 20 },
    {
      children: [
        // `?message=<id>` opens the chat at that message (links from the global search).
        { path: ':chatId', name: 'chat', component: () => import('./ChatMessagesView.vue') },
      ],
    },
  ),
] satisfies RouteRecordRaw[]
