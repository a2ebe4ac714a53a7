import type { MenuItemConstructorOptions } from 'electron'
import { describe, expect, it } from 'vitest'
import { buildMenuTemplate } from '../../../electron/main/menu'

const roles = (items: MenuItemConstructorOptions[]): string[] =>
  items.flatMap((i) => [
    ...(i.role ? [String(i.role)] : []),
    ...(Array.isArray(i.submenu) ? roles(i.submenu as MenuItemConstructorOptions[]) : []),
  ])

const build = (platform: NodeJS.Platform, isDevelopment: boolean) =>
  buildMenuTemplate({ appName: 'Agent Desk', platform, isDevelopment, openHelp: () => {} })

describe('application menu', () => {
  it('has File, Edit, View, Window and Help, built from roles', () => {
    const menu = build('linux', false)
    expect(menu.map((m) => m.label ?? m.role)).toEqual(['File', 'Edit', 'View', 'Window', 'help'])
    expect(roles(menu)).toEqual(expect.arrayContaining(['quit', 'undo', 'copy', 'paste', 'selectAll', 'minimize']))
  })

  it('offers developer tools and reload only in development', () => {
    expect(roles(build('linux', false))).not.toEqual(expect.arrayContaining(['toggleDevTools']))
    expect(roles(build('linux', false))).not.toContain('reload')
    expect(roles(build('win32', true))).toEqual(expect.arrayContaining(['toggleDevTools', 'reload']))
  })

  it('adds the app menu on macOS', () => {
    const menu = build('darwin', false)
    expect(menu[0].label).toBe('Agent Desk')
    expect(roles([menu[0]])).toEqual(expect.arrayContaining(['about', 'hide', 'quit']))
  })

  it('opens the documentation from Help', () => {
    let opened = 0
    const menu = buildMenuTemplate({
      appName: 'Agent Desk',
      platform: 'linux',
      isDevelopment: false,
      openHelp: () => opened++,
    })
    const help = menu.find((m) => m.role === 'help')!.submenu as MenuItemConstructorOptions[]
    help[0].click?.({} as never, undefined, {} as never)
    expect(opened).toBe(1)
  })
})
