// @vitest-environment happy-dom
import { flushPromises } from '@vue/test-utils'
import { createPinia, setActivePinia, type Pinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import AgentMcpAddForm from '@/components/agents/mcp/AgentMcpAddForm.vue'
import AgentMcpTab from '@/components/agents/mcp/AgentMcpTab.vue'
import { setLocale } from '@/i18n'
import { mcpMemoryKey, useMcpStore } from '@/stores/mcp'
import { useSessionStore } from '@/stores/session'
import { createFakeDeskApi } from '../fakeDeskApi'
import { mountInApp, profile, setUpApp } from './harness'

let fake: ReturnType<typeof createFakeDeskApi>
let pinia: Pinia
/** What main keeps per profile (the encrypted cache), by `profileId|setting:agentId`. */
let kept: Map<string, unknown>

/** main's per-profile settings channels over `kept`, for the active profile. */
function keepSettingsInMain() {
  kept = new Map()
  const at = (key: { setting: string; agentId: string }) =>
    `${useSessionStore().activeProfileId}|${key.setting}:${key.agentId}`
  const load = fake.handle('profileSettings.load', async (input) => {
    const { key } = input as { key: { setting: string; agentId: string } }
    return kept.has(at(key))
      ? { ok: true, data: { found: true, value: kept.get(at(key)) } }
      : { ok: true, data: { found: false, value: null } }
  })
  const save = fake.handle('profileSettings.save', async (input) => {
    const { key, value } = input as { key: { setting: string; agentId: string }; value: unknown }
    kept.set(at(key), structuredClone(value))
    return { ok: true, data: { kept: 'encrypted' } }
  })
  return { load, save }
}

const CONNECTION = {
  id: 'M1',
  name: 'CRM',
  description: 'd',
  mcpUrl: 'https://crm.example.com/s/sk_live_51Hsecret/mcp?api_key=k-secret',
  urlType: 'SSE',
  authType: 'NO_OAUTH',
  connected: true,
  addedAt: 0,
}
const inLocalStorage = () => Object.keys(localStorage).map((k) => `${k}=${localStorage.getItem(k) ?? ''}`)

beforeEach(() => {
  ;({ fake, pinia } = setUpApp())
  keepSettingsInMain()
})
afterEach(() => {
  document.body.innerHTML = ''
})

const field = (w: Awaited<ReturnType<typeof mountInApp>>, name: string) =>
  w.find(`[data-testid="mcp-field-${name}"] input, [data-testid="mcp-field-${name}"] textarea`)

async function fillBasics(w: Awaited<ReturnType<typeof mountInApp>>) {
  await field(w, 'name').setValue('CRM')
  await field(w, 'description').setValue('Customers and orders')
  await field(w, 'url').setValue('https://crm.example.com/mcp')
}

describe('AgentMcpAddForm', () => {
  it('shows the header table only when the sign-in method is Headers', async () => {
    const w = await mountInApp(AgentMcpAddForm, { agentId: 'A1' }, pinia)
    expect(w.find('[data-testid="mcp-headers"]').exists()).toBe(false)
    await w.find('[data-testid="mcp-authType-HEADERS"] input').setValue(true)
    expect(w.find('[data-testid="mcp-headers"]').exists()).toBe(true)
    await w.find('[data-testid="mcp-authType-OAUTH"] input').setValue(true)
    expect(w.find('[data-testid="mcp-headers"]').exists()).toBe(false)
  })

  it('refuses Headers without a header, or a header without a name, beside the table and without calling the service', async () => {
    const add = fake.handle('mcp.add', async () => ({ ok: true, data: { connected: true, id: 'M1' } }))
    const w = await mountInApp(AgentMcpAddForm, { agentId: 'A1' }, pinia)
    await fillBasics(w)
    await w.find('[data-testid="mcp-authType-HEADERS"] input').setValue(true)
    await w.find('[data-testid="form-save"]').trigger('click')
    await flushPromises()
    expect(w.find('[data-testid="mcp-headers-error"]').text()).toBe(
      'Add at least one header, or choose another sign-in method.',
    )
    await w.find('[data-testid="mcp-headers-table-add"]').trigger('click')
    await w.find('[data-testid="mcp-headers-table-value"] input').setValue('k-123')
    await w.find('[data-testid="form-save"]').trigger('click')
    await flushPromises()
    expect(w.find('[data-testid="mcp-headers-table-row"]').text()).toContain('Required.')
    expect(add).not.toHaveBeenCalled()
    expect(w.find('[data-testid="save-failure"]').text()).toContain('Fix the fields marked in red first.')
  })

  it('shows a bad URL beside the field as the user types', async () => {
    const w = await mountInApp(AgentMcpAddForm, { agentId: 'A1' }, pinia)
    await field(w, 'url').setValue('crm.example.com')
    expect(w.find('[data-testid="mcp-field-url"]').text()).toContain('Enter an address that starts with https://')
  })

  it('sends the headers as a map, and never writes header values to the draft', async () => {
    const add = fake.handle('mcp.add', async () => ({ ok: true, data: { connected: true, success: true, id: 'M1' } }))
    const w = await mountInApp(AgentMcpAddForm, { agentId: 'A1' }, pinia)
    await fillBasics(w)
    await w.find('[data-testid="mcp-authType-HEADERS"] input').setValue(true)
    await w.find('[data-testid="mcp-headers-table-add"]').trigger('click')
    await w.find('[data-testid="mcp-headers-table-name"] input').setValue('X-Api-Key')
    await w.find('[data-testid="mcp-headers-table-value"] input').setValue('very-secret-value')
    // The draft is written after a short pause (typing is not written key by key).
    const stored = () => Object.keys(localStorage).map((k) => localStorage.getItem(k) ?? '')
    await vi.waitFor(() => expect(stored().join('\n')).toContain('CRM'))
    expect(stored().join('\n')).not.toContain('very-secret-value')

    await w.find('[data-testid="form-save"]').trigger('click')
    await flushPromises()
    expect(add).toHaveBeenCalledWith({
      path: { agentId: 'A1' },
      body: {
        name: 'CRM',
        description: 'Customers and orders',
        mcpUrl: 'https://crm.example.com/mcp',
        urlType: 'STREAMABLEHTTP',
        authType: 'HEADERS',
        headers: { 'X-Api-Key': 'very-secret-value' },
      },
    })
    const remembered = kept.get('p1|mcpConnections:A1')
    expect(remembered).toMatchObject([{ id: 'M1', name: 'CRM', authType: 'HEADERS', connected: true }])
    expect(JSON.stringify(remembered)).not.toContain('very-secret-value')
    expect(inLocalStorage().join('\n')).not.toContain('crm.example.com')
  })

  it('keeps what was typed when the service refuses it', async () => {
    fake.handle('mcp.add', async () => ({
      ok: false,
      error: { kind: 'validation', message: 'unexpected error', status: 400 },
    }))
    const w = await mountInApp(AgentMcpAddForm, { agentId: 'A1' }, pinia)
    await fillBasics(w)
    await w.find('[data-testid="form-save"]').trigger('click')
    await flushPromises()
    expect(w.find('[data-testid="save-failure"]').text()).toContain('The service refused the values: unexpected error')
    expect((field(w, 'name').element as HTMLInputElement).value).toBe('CRM')
    expect((field(w, 'url').element as HTMLInputElement).value).toBe('https://crm.example.com/mcp')
  })
})

describe('AgentMcpTab', () => {
  it('offers the OAuth page from the result and opens only https through the shell', async () => {
    fake.handle('mcp.add', async () => ({
      ok: true,
      data: { connected: false, success: true, id: 'M2', url: 'https://auth.example.com/authorize?x=1' },
    }))
    fake.handle('mcp.tools', async () => ({ ok: true, data: [] }))
    const open = fake.handle('shell.openExternal', async () => ({ ok: true, data: { opened: true } }))
    const w = await mountInApp(AgentMcpTab, { agentId: 'A1' }, pinia)
    expect(w.find('[data-testid="mcp-empty"]').text()).toContain('No connection was added from this computer yet')
    await w.find('[data-testid="mcp-add-open"]').trigger('click')
    await fillBasics(w)
    await w.find('[data-testid="mcp-authType-OAUTH"] input').setValue(true)
    await w.find('[data-testid="form-save"]').trigger('click')
    await flushPromises()
    expect(w.find('[data-testid="mcp-result"]').text()).toContain('“CRM” was added but is not connected yet.')
    expect(w.find('[data-testid="mcp-connection-state"]').text()).toBe('Waiting for authorization')
    await w.find('[data-testid="mcp-result-authorize"]').trigger('click')
    await flushPromises()
    expect(open).toHaveBeenCalledWith({ url: 'https://auth.example.com/authorize?x=1' })
  })

  it('remembers connections per profile and agent, and forgets one the service removed', async () => {
    const mcp = useMcpStore()
    fake.handle('mcp.add', async () => ({ ok: true, data: { connected: true, id: 'M9' } }))
    fake.handle('mcp.delete', async () => ({ ok: true, data: { success: true } }))
    const input = {
      name: 'CRM',
      description: 'd',
      mcpUrl: 'https://crm.example.com/mcp',
      urlType: 'SSE' as const,
      authType: 'NO_OAUTH' as const,
    }
    await mcp.add('A1', input)
    expect(mcp.connectionsOf('A1').map((c) => c.id)).toEqual(['M9'])
    expect(mcp.connectionsOf('A2')).toEqual([])
    useSessionStore().activeProfileId = 'p2'
    await mcp.loaded('A1')
    expect(mcp.connectionsOf('A1')).toEqual([])
    useSessionStore().activeProfileId = 'p1'
    await mcp.remove('A1', 'M9')
    expect(mcp.connectionsOf('A1')).toEqual([])
    expect(kept.get('p1|mcpConnections:A1')).toEqual([])
    expect(inLocalStorage()).toEqual([])
  })

  it('syncs the tools and lists them with their state', async () => {
    kept.set('p1|mcpConnections:A1', [CONNECTION])
    let synced = false
    fake.handle('mcp.tools', async () => ({
      ok: true,
      data: synced
        ? [
            { id: 'T1', name: 'find_customer', description: 'Finds a customer', active: true },
            { id: 'T2', name: 'cancel_order', active: false },
          ]
        : [],
    }))
    const sync = fake.handle('mcp.syncTools', async () => {
      synced = true
      return { ok: true, data: { success: true } }
    })
    const w = await mountInApp(AgentMcpTab, { agentId: 'A1' }, pinia)
    expect(w.find('[data-testid="mcp-tools-empty"]').exists()).toBe(true)
    await w.find('[data-testid="mcp-sync"]').trigger('click')
    await flushPromises()
    expect(sync).toHaveBeenCalledWith({ path: { mcpId: 'M1' } })
    const tools = w.findAll('[data-testid="mcp-tool"]')
    expect(tools.map((t) => t.text())).toEqual([
      expect.stringContaining('find_customer'),
      expect.stringContaining('Inactive'),
    ])
  })

  it('speaks Portuguese in pt-BR', async () => {
    setLocale('pt-BR')
    const w = await mountInApp(AgentMcpTab, { agentId: 'A1' }, pinia)
    expect(w.text()).toContain('Conexões adicionadas neste computador')
  })
})

describe('MCP connections an older version left in localStorage', () => {
  it('move into the profile’s encrypted cache on first run and leave localStorage', async () => {
    localStorage.setItem(mcpMemoryKey('p1', 'A1'), JSON.stringify([CONNECTION]))
    await useMcpStore().moveFromBrowserStorage()
    expect(kept.get('p1|mcpConnections:A1')).toEqual([CONNECTION])
    expect(inLocalStorage().join('\n')).not.toContain('sk_live_51Hsecret')
    expect(inLocalStorage()).toEqual([])
    // A restart: a new renderer reads them from main.
    setActivePinia(createPinia())
    useSessionStore().profiles = [profile]
    useSessionStore().activeProfileId = 'p1'
    await useMcpStore().loaded('A1')
    expect(useMcpStore().connectionsOf('A1')).toEqual([CONNECTION])
  })

  it('show on the tab opened before the move ran, and are moved by that read', async () => {
    localStorage.setItem(mcpMemoryKey('p1', 'A1'), JSON.stringify([CONNECTION]))
    fake.handle('mcp.tools', async () => ({ ok: true, data: [] }))
    const w = await mountInApp(AgentMcpTab, { agentId: 'A1' }, pinia)
    await vi.waitFor(() => expect(w.findAll('[data-testid="mcp-connection"]').length).toBe(1))
    expect(kept.get('p1|mcpConnections:A1')).toEqual([CONNECTION])
    expect(inLocalStorage()).toEqual([])
  })

  it('of a profile that no longer exists are deleted; another profile’s wait until it is active', async () => {
    useSessionStore().profiles = [profile, { ...profile, id: 'p2' }]
    localStorage.setItem(mcpMemoryKey('gone', 'A1'), JSON.stringify([CONNECTION]))
    localStorage.setItem(mcpMemoryKey('p2', 'A1'), JSON.stringify([CONNECTION]))
    await useMcpStore().moveFromBrowserStorage()
    expect(localStorage.getItem(mcpMemoryKey('gone', 'A1'))).toBeNull()
    expect(localStorage.getItem(mcpMemoryKey('p2', 'A1'))).not.toBeNull()
    useSessionStore().activeProfileId = 'p2'
    await useMcpStore().moveFromBrowserStorage()
    expect(kept.get('p2|mcpConnections:A1')).toEqual([CONNECTION])
    expect(inLocalStorage()).toEqual([])
  })

  it('stay in localStorage when main cannot keep them (nothing is lost)', async () => {
    fake.handle('profileSettings.save', async () => ({
      ok: false,
      error: { kind: 'internal', message: 'worker gone' },
    }))
    localStorage.setItem(mcpMemoryKey('p1', 'A1'), JSON.stringify([CONNECTION]))
    await useMcpStore().moveFromBrowserStorage()
    expect(localStorage.getItem(mcpMemoryKey('p1', 'A1'))).not.toBeNull()
  })

  it('before the profiles are known, nothing is deleted', async () => {
    useSessionStore().profiles = []
    useSessionStore().activeProfileId = null
    localStorage.setItem(mcpMemoryKey('p1', 'A1'), JSON.stringify([CONNECTION]))
    await useMcpStore().moveFromBrowserStorage()
    expect(localStorage.getItem(mcpMemoryKey('p1', 'A1'))).not.toBeNull()
  })
})

describe('MCP connections under faults', () => {
  const input = (name: string) => ({
    name,
    description: 'd',
    mcpUrl: `https://${name.toLowerCase()}.example.com/mcp`,
    urlType: 'SSE' as const,
    authType: 'NO_OAUTH' as const,
  })

  it('two windows adding to one agent keep both connections', async () => {
    let next = 0
    fake.handle('mcp.add', async () => ({ ok: true, data: { connected: true, id: `M${++next}` } }))
    const first = useMcpStore()
    await first.loaded('A1')
    // A second window of the same profile, its list read before the first window's add.
    const second = (() => {
      setActivePinia(createPinia())
      useSessionStore().profiles = [profile]
      useSessionStore().activeProfileId = 'p1'
      return useMcpStore()
    })()
    await second.loaded('A1')
    setActivePinia(pinia)
    await first.add('A1', input('CRM'))
    await second.add('A1', input('ERP'))
    expect(kept.get('p1|mcpConnections:A1')).toMatchObject([{ name: 'ERP' }, { name: 'CRM' }])
  })

  it('a move interrupted after main kept the list (before localStorage was cleared) ends with one copy, then none left behind', async () => {
    kept.set('p1|mcpConnections:A1', [CONNECTION])
    localStorage.setItem(mcpMemoryKey('p1', 'A1'), JSON.stringify([CONNECTION]))
    await useMcpStore().moveFromBrowserStorage()
    expect(kept.get('p1|mcpConnections:A1')).toEqual([CONNECTION])
    expect(inLocalStorage()).toEqual([])
  })

  it('an add whose keeping fails still says the service added it, and shows it for the session', async () => {
    fake.handle('mcp.add', async () => ({ ok: true, data: { connected: true, id: 'M7' } }))
    fake.handle('profileSettings.save', async () => {
      throw new Error('the bridge went away')
    })
    const mcp = useMcpStore()
    const r = await mcp.add('A1', input('CRM'))
    expect(r.ok).toBe(true)
    expect(mcp.connectionsOf('A1').map((c) => c.id)).toEqual(['M7'])
    expect(inLocalStorage()).toEqual([])
  })
})
