/**
 * What a PagedList says, from a feature's usual i18n keys: `loadFailed`, `empty`, `emptyFiltered`
 * (with `{query}`), and, for a list with a filter, `filter` and `filterPlaceholder`.
 * Use as `<PagedList v-bind="listTexts(t, 'intentions')" …>`.
 */
export function listTexts(
  t: (key: string, params?: Record<string, string>) => string,
  feature: string,
  options: { filter?: boolean } = {},
) {
  return {
    loadFailed: t(`${feature}.loadFailed`),
    empty: t(`${feature}.empty`),
    emptyFiltered:
      options.filter === false ? t(`${feature}.empty`) : t(`${feature}.emptyFiltered`, { query: '{query}' }),
    ...(options.filter === false
      ? {}
      : { filterLabel: t(`${feature}.filter`), filterPlaceholder: t(`${feature}.filterPlaceholder`) }),
  }
}
