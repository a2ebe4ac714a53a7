import type { RouteComponent, RouteMeta, RouteRecordRaw } from 'vue-router'

/**
 * A screen of the left navigation: its path is its name (`/custom-fields`), its entry the i18n key
 * of its label and its place in the list.
 */
export function navScreen(
  name: string,
  component: () => Promise<RouteComponent | { default: RouteComponent }>,
  nav: { label: string; order: number },
  extra: { meta?: RouteMeta; children?: RouteRecordRaw[] } = {},
): RouteRecordRaw {
  return { path: `/${name}`, name, component, children: extra.children, meta: { ...extra.meta, nav } }
}
