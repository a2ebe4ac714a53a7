import { computed } from 'vue'
import { useI18n } from 'vue-i18n'
import { useRoute, useRouter } from 'vue-router'
import { useAppearance } from '@/composables/useAppearance'
import { languageNames } from '@/i18n/properNames'
import { useCommandPalette, type PaletteItem } from '@/composables/useCommandPalette'
import { isMacPlatform, shortcutLabel, type Shortcut, type ShortcutBinding } from '@/composables/useShortcuts'
import { useSessionStore } from '@/stores/session'
import { agentTabs } from '@/views/agents/agentTabs'
import { chatViewCommands } from '@/components/chats/liveChatPalette'
import { useDeskApi } from '@/api'

/** The app's commands and their keys, in the order the palette lists them. */
export const SHORTCUTS = {
  palette: { code: 'KeyK', mod: true },
  goAgents: { code: 'Digit1', alt: true },
  goChats: { code: 'Digit2', alt: true },
  goContacts: { code: 'Digit3', alt: true },
  goSettings: { code: 'Digit4', alt: true },
  toggleTheme: { code: 'KeyL', mod: true, shift: true },
  // Handled by the chat view itself; listed here so people find it.
  chatSearch: { code: 'KeyF', mod: true },
  // Inbox triage: the chat list handles the moves itself; take over runs the open chat's command.
  nextChat: { code: 'KeyJ', alt: true },
  previousChat: { code: 'KeyK', alt: true },
  nextUnread: { code: 'KeyU', alt: true },
  takeOver: { code: 'KeyT', alt: true },
  // The open chat in a window of its own (main opens it: the page may not open windows).
  openInNewWindow: { code: 'KeyO', alt: true },
} as const satisfies Record<string, Shortcut>

interface AppCommand {
  item: PaletteItem
  shortcut?: Shortcut
}

/** The commands the palette lists and the global shortcuts that run them. */
export function usePaletteCommands() {
  const { t } = useI18n()
  const router = useRouter()
  const route = useRoute()
  const session = useSessionStore()
  const palette = useCommandPalette()
  const { dark, locale } = useAppearance()
  const mac = isMacPlatform(session.appInfo?.platform)

  const go = (name: string) => () => {
    if (router.hasRoute(name)) void router.push({ name })
  }

  const commands = computed<AppCommand[]>(() => {
    const list: AppCommand[] = []
    const add = (id: string, label: string, run: () => unknown, shortcut?: Shortcut, keywords: string[] = []) =>
      list.push({
        item: {
          id: `command:${id}`,
          kind: 'command',
          label,
          keywords,
          run,
          ...(shortcut ? { shortcut: shortcutLabel(shortcut, mac) } : {}),
        },
        shortcut,
      })
    const addAfterClose = (id: string, label: string, run: () => unknown, shortcut?: Shortcut) => {
      add(id, label, run, shortcut)
      list[list.length - 1]!.item.afterClose = true
    }
    const hasProfile = !!session.activeProfileId
    if (hasProfile) {
      if (router.hasRoute('agents')) add('goAgents', t('palette.commands.goAgents'), go('agents'), SHORTCUTS.goAgents)
      if (router.hasRoute('chats')) add('goChats', t('palette.commands.goChats'), go('chats'), SHORTCUTS.goChats)
      if (router.hasRoute('contacts'))
        add('goContacts', t('palette.commands.goContacts'), go('contacts'), SHORTCUTS.goContacts)
    }
    if (router.hasRoute('settings'))
      add('goSettings', t('palette.commands.goSettings'), go('settings'), SHORTCUTS.goSettings)
    add(
      'toggleTheme',
      dark.value ? t('palette.commands.themeToLight') : t('palette.commands.themeToDark'),
      () => session.updateSettings({ theme: dark.value ? 'light' : 'dark' }),
      SHORTCUTS.toggleTheme,
      t('palette.commands.themeKeywords').split(' '),
    )
    const other = locale.value === 'pt-BR' ? 'en' : 'pt-BR'
    add(
      'language',
      t('palette.commands.language', { language: languageNames[other] }),
      () => session.updateSettings({ locale: other }),
      undefined,
      t('palette.commands.languageKeywords').split(' '),
    )
    add('openDemo', t('palette.commands.openDemo'), async () => {
      const r = await session.openDemo()
      if (r.ok && router.hasRoute('agents')) await router.push({ name: 'agents' })
    })
    if (router.hasRoute('connect'))
      add(
        'addProfile',
        t('palette.commands.addProfile'),
        go('connect'),
        undefined,
        t('palette.commands.addProfileKeywords').split(' '),
      )
    add('palette', t('palette.commands.palette'), () => palette.show(), SHORTCUTS.palette)
    if (route.name === 'agent-detail') {
      // Every tab of the agent in view, so the keyboard reaches each one by name.
      const agentId = String(route.params.agentId)
      for (const tab of agentTabs)
        add(
          `agentTab:${tab.id}`,
          t('palette.commands.agentTab', { tab: t(tab.label) }),
          () => router.push({ name: 'agent-detail', params: { agentId, tab: tab.id } }),
          undefined,
          [tab.id],
        )
    }
    if (route.name === 'chat')
      addAfterClose(
        'chatSearch',
        t('palette.commands.chatSearch'),
        () =>
          // The chat view owns its search; the palette presses its key for the user.
          window.dispatchEvent(
            new KeyboardEvent('keydown', { key: 'f', code: 'KeyF', ctrlKey: !mac, metaKey: mac, bubbles: true }),
          ),
        SHORTCUTS.chatSearch,
      )
    if (route.name === 'chats' || route.name === 'chat') {
      // The chat list owns these keys; the palette presses them for the user.
      const press = (code: string, key: string) => () =>
        window.dispatchEvent(new KeyboardEvent('keydown', { key, code, altKey: true, bubbles: true }))
      addAfterClose('nextChat', t('inbox.palette.nextChat'), press('KeyJ', 'j'), SHORTCUTS.nextChat)
      addAfterClose('previousChat', t('inbox.palette.previousChat'), press('KeyK', 'k'), SHORTCUTS.previousChat)
      addAfterClose('nextUnread', t('inbox.palette.nextUnread'), press('KeyU', 'u'), SHORTCUTS.nextUnread)
    }
    if (route.name === 'chat') {
      const chatId = String(route.params.chatId)
      add(
        'openInNewWindow',
        t('inbox.palette.openInNewWindow'),
        () => useDeskApi().windows.openChat({ chatId }),
        SHORTCUTS.openInNewWindow,
        t('inbox.palette.openInNewWindowKeywords').split(' '),
      )
    }
    // The open chat's own commands (take over, return to the AI, clear, delete); take over has a key.
    if (route.name === 'chat')
      for (const c of chatViewCommands.value)
        addAfterClose(c.id, c.label, c.run, c.id === 'liveChat:takeOver' ? SHORTCUTS.takeOver : undefined)
    return list
  })

  const items = computed(() => commands.value.map((c) => c.item))

  /** Global keys: the palette everywhere, the other commands only while the palette is closed. */
  const bindings = (): ShortcutBinding[] => {
    const out: ShortcutBinding[] = [{ shortcut: SHORTCUTS.palette, run: () => palette.toggle() }]
    if (palette.open.value) return out
    for (const c of commands.value) {
      if (!c.shortcut || c.shortcut === SHORTCUTS.palette || c.shortcut === SHORTCUTS.chatSearch) continue
      if (c.shortcut === SHORTCUTS.nextChat || c.shortcut === SHORTCUTS.previousChat) continue
      if (c.shortcut === SHORTCUTS.nextUnread) continue
      out.push({ shortcut: c.shortcut, run: () => void c.item.run() })
    }
    return out
  }

  return { items, bindings, mac }
}
