/** Text filters of the sandbox are case- and accent-insensitive: both sides are folded the same way. */
export function foldForSearch(...parts: (string | null | undefined)[]): string {
  return parts
    .filter((p): p is string => typeof p === 'string' && p !== '')
    .join(' \u0001 ')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
}
