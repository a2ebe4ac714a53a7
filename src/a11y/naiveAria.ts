/**
 * Corrections to the ARIA that naive-ui 2.45 renders, applied to the live document as components
 * mount or change (a MutationObserver), until the library fixes them:
 *
 * - NCard draws its header as two nested `role="heading"` elements without `aria-level` (an
 *   invalid heading, read as a level-2 heading twice): the outer one loses the role, the inner one
 *   gets a level (2 in a dialog, whose title it is; 3 in a page, under the page's own h2).
 * - A dialog (NModal's card, NDialog) has no accessible name: it is named by its title.
 * - NInputNumber's −/+ buttons have no name. They are mouse helpers that are never focused (the
 *   input itself steps with ArrowUp/ArrowDown), so they are hidden from assistive technology.
 * - NRadioGroup and NCheckboxGroup have no role, so a name given to them is not announced: they
 *   become a `radiogroup` and a `group`.
 * - NSelect's box has no role: its focusable element becomes a `combobox` that says whether its
 *   list is open and which option the arrow keys are on; the list is a `listbox` of `option`s,
 *   named like the box that opened it.
 */
const CARD_HEADER = '.n-card-header[role="heading"]'
const CARD_TITLE = '.n-card-header__main[role="heading"]:not([aria-level])'
const NUMBER_STEP = '.n-input-number .n-button:not([aria-hidden])'
const DIALOG = '[role="dialog"]:not([aria-labelledby]):not([aria-label])'
const DIALOG_TITLE = '.n-card-header__main, .n-dialog__title'
const RADIO_GROUP = '.n-radio-group:not([role])'
const CHECKBOX_GROUP = '.n-checkbox-group:not([role])'
const SELECTION = '.n-base-selection'
/** The box's focusable element: the single value's label or the tags of a multiple select. */
const SELECTION_FOCUS = '.n-base-selection-label, .n-base-selection-tags'
const MENU = '.n-base-select-menu'
const OPTION = '.n-base-select-option'

let ids = 0
function idOf(el: Element): string {
  if (!el.id) el.id = `naive-aria-${++ids}`
  return el.id
}

/** Sets an attribute only when it changes, so the observer is not woken by its own writes. */
function set(el: Element, name: string, value: string | null): void {
  if (value === null) {
    if (el.hasAttribute(name)) el.removeAttribute(name)
  } else if (el.getAttribute(name) !== value) el.setAttribute(name, value)
}

function fixDialogs(root: ParentNode): void {
  for (const dialog of root.querySelectorAll(DIALOG)) {
    const title = dialog.querySelector(DIALOG_TITLE)
    if (title && title.textContent?.trim()) set(dialog, 'aria-labelledby', idOf(title))
  }
}

function fixSelects(root: ParentNode): void {
  const boxes = [...root.querySelectorAll<HTMLElement>(SELECTION)]
  if (root instanceof Element && root.matches(SELECTION)) boxes.push(root as HTMLElement)
  // naive shows one menu at a time: the open one belongs to the box that is active.
  const menus = [...document.querySelectorAll<HTMLElement>(MENU)].filter((m) => m.isConnected)
  for (const box of boxes) {
    const focusable = box.querySelector<HTMLElement>(SELECTION_FOCUS)
    if (!focusable) continue
    const open = box.classList.contains('n-base-selection--active')
    const menu = open ? menus.at(-1) : undefined
    // A name given to the NSelect itself lands on its root, a plain div: it belongs to the combobox.
    const host = box.closest('.n-select')
    for (const attr of ['aria-label', 'aria-labelledby']) {
      const given = host?.getAttribute(attr)
      if (!host || !given) continue
      set(focusable, attr, given)
      host.removeAttribute(attr)
    }
    set(focusable, 'role', 'combobox')
    set(focusable, 'aria-haspopup', 'listbox')
    set(focusable, 'aria-expanded', String(!!menu))
    const filter = focusable.querySelector<HTMLElement>('input')
    // The name the box was given (by its field's label) is the filter's and the list's name too.
    const labelledBy = focusable.getAttribute('aria-labelledby')
    const label = focusable.getAttribute('aria-label')
    if (filter) {
      if (labelledBy) set(filter, 'aria-labelledby', labelledBy)
      else if (label) set(filter, 'aria-label', label)
      set(filter, 'aria-autocomplete', 'list')
    }
    if (!menu) {
      set(focusable, 'aria-controls', null)
      set(focusable, 'aria-activedescendant', null)
      if (filter) set(filter, 'aria-activedescendant', null)
      continue
    }
    set(focusable, 'aria-controls', idOf(menu))
    if (labelledBy) set(menu, 'aria-labelledby', labelledBy)
    else if (label) set(menu, 'aria-label', label)
    const pending = menu.querySelector(`${OPTION}--pending`)
    const active = pending ? idOf(pending) : null
    set(focusable, 'aria-activedescendant', active)
    if (filter) set(filter, 'aria-activedescendant', active)
  }
}

function fixMenus(): void {
  for (const menu of document.querySelectorAll<HTMLElement>(MENU)) {
    const options = menu.querySelectorAll(OPTION)
    // An empty list ("No data") is no listbox: it says so as text.
    set(menu, 'role', options.length > 0 ? 'listbox' : null)
    if (menu.classList.contains('n-base-select-menu--multiple')) set(menu, 'aria-multiselectable', 'true')
    for (const option of options) {
      idOf(option)
      set(option, 'role', 'option')
      set(option, 'aria-selected', String(option.classList.contains('n-base-select-option--selected')))
      set(option, 'aria-disabled', option.classList.contains('n-base-select-option--disabled') ? 'true' : null)
    }
  }
}

export function fixNaiveAria(root: ParentNode): void {
  for (const header of root.querySelectorAll(CARD_HEADER)) header.removeAttribute('role')
  for (const title of root.querySelectorAll(CARD_TITLE)) {
    const inDialog = title.closest('[role="dialog"], .n-modal, .n-dialog, .n-drawer') !== null
    title.setAttribute('aria-level', inDialog ? '2' : '3')
  }
  for (const step of root.querySelectorAll(NUMBER_STEP)) step.setAttribute('aria-hidden', 'true')
  for (const group of root.querySelectorAll(RADIO_GROUP)) group.setAttribute('role', 'radiogroup')
  for (const group of root.querySelectorAll(CHECKBOX_GROUP)) group.setAttribute('role', 'group')
  fixDialogs(root)
  fixMenus()
  fixSelects(root)
}

/** Fixes what is in the document now and whatever mounts or changes later; returns the way to stop. */
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
  // Classes too: a select opens, an option becomes selected or the one the arrow keys are on.
  observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] })
  return () => observer.disconnect()
}
