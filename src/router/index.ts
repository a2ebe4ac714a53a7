import { createRouter, createWebHashHistory, type RouteRecordRaw } from 'vue-router'
import { useSessionStore } from '@/stores/session'

declare module 'vue-router' {
  interface RouteMeta {
    /** 'bare': no navigation or top bar (first run, connect form). */
    layout?: 'shell' | 'bare'
    /**
     * Works without an active profile (first run, settings). Every other screen needs one: without
     * it the user is sent to the first-run screen.
     */
    withoutProfile?: boolean
    /** An entry in the left navigation: i18n key of its label and its place in the list. */
    nav?: { label: string; order: number }
  }
}

/** Each domain declares its routes in `src/views/<domain>/routes.ts` as a default-exported array. */
const domainRoutes = import.meta.glob<{ default: RouteRecordRaw[] }>('../views/*/routes.ts', { eager: true })

export const routes: RouteRecordRaw[] = [
  { path: '/', redirect: { name: 'agents' } },
  ...Object.values(domainRoutes).flatMap((m) => m.default),
  { path: '/:pathMatch(.*)*', redirect: '/' },
]

/** Hash history: works under the app:// scheme of the shell and the browser preview alike. */
export function createAppRouter() {
  const router = createRouter({ history: createWebHashHistory(), routes })
  router.beforeEach(async (to) => {
    const session = useSessionStore()
    await session.init()
    if (!to.meta.withoutProfile && !session.activeProfileId) return { name: 'welcome' }
    return true
  })
  return router
}

/** The left navigation, derived from the routes' `meta.nav`. */
export function navEntries(list: readonly RouteRecordRaw[] = routes) {
  return list
    .filter((r): r is RouteRecordRaw & { name: string } => typeof r.name === 'string' && !!r.meta?.nav)
    .map((r) => ({ name: r.name, label: r.meta!.nav!.label, order: r.meta!.nav!.order }))
    .sort((a, b) => a.order - b.order)
}
