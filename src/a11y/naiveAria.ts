/**
 * Corrections to the ARIA that naive-ui 2.45 renders, applied to the live document as components
 * mount (a MutationObserver), until the library fixes them:
 *
 * - NCard draws its header as two nested `role="heading"` elements without `aria-level` (an
 *   invalid heading, read as a level-2 heading twice): the outer one loses the role, the inner one
 *   gets a level (2 in a dialog, whose title it is; 3 in a page, under the page's own h2).
 * - NInputNumber's −/+ buttons have no name. They are mouse helpers that are never focused (the
 *   input itself steps with ArrowUp/ArrowDown), so they are hidden from assistive technology.
 */
const CARD_HEADER = '.n-card-header[role="heading"]'
const CARD_TITLE = '.n-card-header__main[role="heading"]:not([aria-level])'
const NUMBER_STEP = '.n-input-number .n-button:not([aria-hidden])'

export function fixNaiveAria(root: ParentNode): void {
  for (const header of root.querySelectorAll(CARD_HEADER)) header.removeAttribute('role')
  for (const title of root.querySelectorAll(CARD_TITLE)) {
    const inDialog = title.closest('[role="dialog"], .n-modal, .n-dialog, .n-drawer') !== null
    title.setAttribute('aria-level', inDialog ? '2' : '3')
  }
  for (const step of root.querySelectorAll(NUMBER_STEP)) step.setAttribute('aria-hidden', 'true')
}

/** Fixes what is in the document now and whatever mounts later; returns the way to stop. */
export function installNaiveAriaFixes(root: HTMLElement = document.body): () => void {
  fixNaiveAria(root)
  let queued = false
  const observer = new MutationObserver(() => {
    // One pass per frame's worth of mutations, not one per mutation record.
    if (queued) return
    queued = true
    queueMicrotask(() => {
      queued = false
      fixNaiveAria(root)
    })
  })
  observer.observe(root, { childList: true, subtree: true })
  return () => observer.disconnect()
}
