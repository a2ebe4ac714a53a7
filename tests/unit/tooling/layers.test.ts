import { ESLint } from 'eslint'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../../', import.meta.url))
const eslint = new ESLint({ cwd: root })

/** The layer-rule messages ESLint reports for `code` planted at `filePath` (relative to the repo). */
async function layerViolations(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  const fatal = result.messages.filter((m) => m.fatal)
  expect(fatal, 'the planted code must parse').toEqual([])
  return result.messages.filter((m) => m.ruleId === 'layers/boundaries').map((m) => m.message)
}

const bad: [string, string, string, RegExp][] = [
  [
    'contract',
    'electron/contract/resources/planted.ts',
    "import { ofetch } from 'ofetch'",
    /contract imports only zod/,
  ],
  ['contract', 'electron/contract/planted.ts', "import { router } from '../core/router'", /contract imports only zod/],
  ['contract', 'electron/contract/planted.ts', "import { readFileSync } from 'node:fs'", /contract imports only zod/],
  ['contract', 'electron/contract/planted.ts', "export * from '../../src/stores/agents'", /contract imports only zod/],
  ['core', 'electron/core/api/planted.ts', "import { net } from 'electron'", /core never imports electron/],
  ['core', 'electron/core/planted.ts', "import { ipcMain } from 'electron/main'", /core never imports electron/],
  [
    'core',
    'electron/core/planted.ts',
    "import { createWindow } from '../main/window'",
    /electron\/main or electron\/preload/,
  ],
  ['core', 'electron/core/planted.ts', "import '../preload/index'", /electron\/main or electron\/preload/],
  ['core', 'electron/core/cache/planted.ts', "import { useAgentsStore } from '../../../src/stores/agents'", /renderer/],
  ['core', 'electron/core/planted.ts', "const m = await import('@/stores/agents')\nexport default m", /renderer/],
  [
    'sandbox',
    'electron/sandbox/planted.ts',
    "import { createApiClient } from '../core/api/client'",
    /sandbox never imports electron\/core/,
  ],
  [
    'sandbox',
    'electron/sandbox/routes/planted.ts',
    "export { router } from '../../core/router'",
    /sandbox never imports electron\/core/,
  ],
  ['sandbox', 'electron/sandbox/planted.ts', "import { app } from 'electron'", /sandbox never imports electron/],
  [
    'sandbox',
    'electron/sandbox/planted.ts',
    "import { start } from '../main/index'",
    /electron\/main or electron\/preload/,
  ],
  [
    'renderer',
    'src/stores/planted.ts',
    "import { createApiClient } from '../../electron/core/api/client'",
    /only electron\/contract/,
  ],
  [
    'renderer',
    'src/planted.ts',
    "import { startSandbox } from '../electron/sandbox/server'",
    /only electron\/contract/,
  ],
  ['renderer', 'src/planted.ts', "import { ipcRenderer } from 'electron'", /renderer \(src\/\) never imports electron/],
  ['renderer', 'src/planted.ts', "import { readFile } from 'node:fs/promises'", /never imports Node modules/],
  ['renderer', 'src/planted.ts', "import path from 'path'", /never imports Node modules/],
  [
    'preload',
    'electron/preload/planted.ts',
    "import { z } from 'zod'",
    /preload imports only electron and the contract/,
  ],
  [
    'preload',
    'electron/preload/planted.ts',
    "import { router } from '../core/router'",
    /preload imports only electron/,
  ],
  ['preload', 'electron/preload/planted.ts', "import fs from 'node:fs'", /preload imports only electron/],
  [
    'renderer (features)',
    'src/components/chats/planted.ts',
    "import X from '@/components/agents/trainings/AgentTrainingDialog.vue'",
    /subfolder of the agents feature is its inside/,
  ],
  [
    'renderer (features)',
    'src/views/contacts/planted.ts',
    "import { y } from '../chats/timeline/planted'",
    /subfolder of the chats feature is its inside/,
  ],
  [
    'renderer (features)',
    'src/stores/planted.ts',
    "import { z } from '@/components/chats/live/liveNotify'",
    /subfolder of the chats feature is its inside/,
  ],
]

const allowed: [string, string, string][] = [
  ['contract', 'electron/contract/resources/planted.ts', "import { z } from 'zod'\nimport { PathId } from './common'"],
  ['contract', 'electron/contract/planted.ts', "import type { Agent } from './resources/agent'\nexport * from './app'"],
  [
    'core',
    'electron/core/api/planted.ts',
    "import { ofetch } from 'ofetch'\nimport { endpoints } from '../../contract/endpoints'",
  ],
  [
    'core',
    'electron/core/planted.ts',
    "import { readFile } from 'node:fs/promises'\nimport Database from 'better-sqlite3-multiple-ciphers'",
  ],
  [
    'sandbox',
    'electron/sandbox/planted.ts',
    "import http from 'node:http'\nimport { endpoints } from '../contract/endpoints'",
  ],
  ['main', 'electron/main/planted.ts', "import { app } from 'electron'\nimport { router } from '../core/router'"],
  [
    'preload',
    'electron/preload/planted.ts',
    "import { contextBridge } from 'electron'\nimport { apiShape } from '../contract/ipc'",
  ],
  [
    'renderer',
    'src/stores/planted.ts',
    "import type { Agent } from '@contract/resources/agent'\nimport { endpoints } from '@contract'",
  ],
  [
    'renderer',
    'src/stores/planted.ts',
    "import { ref } from 'vue'\nimport { x } from '@/api/desk'\nimport { y } from '../../electron/contract'",
  ],
  [
    'renderer (features)',
    'src/views/agents/planted.ts',
    "import X from '@/components/agents/trainings/AgentTrainingDialog.vue'\nimport Y from '@/components/chats/liveChatPalette'",
  ],
  ['renderer (features)', 'src/components/agents/behavior/planted.ts', "import { z } from '../trainings/planted'"],
]

describe('the layer lint rule (layers/boundaries)', () => {
  it.each(bad)('refuses, in %s, the planted import in %s: %s', async (_layer, filePath, code, reason) => {
    const messages = await layerViolations(filePath, `${code}\n`)
    expect(messages).toHaveLength(1)
    expect(messages[0]).toMatch(reason)
  })

  it.each(allowed)('lets %s import what the architecture allows (%s)', async (_layer, filePath, code) => {
    expect(await layerViolations(filePath, `${code}\n`)).toEqual([])
  })

  it('checks the script of a Vue single-file component', async () => {
    const sfc = [
      '<script setup lang="ts">',
      "import { ipcRenderer } from 'electron'",
      "import { endpoints } from '@contract/endpoints'",
      'ipcRenderer.send(String(endpoints))',
      '</script>',
      '<template><div /></template>',
      '',
    ].join('\n')
    const messages = await layerViolations('src/views/agents/AgentPlanted.vue', sfc)
    expect(messages).toEqual([expect.stringMatching(/renderer \(src\/\) never imports electron/)])
  })

  it('reports a type-only import through import() types too', async () => {
    const messages = await layerViolations(
      'electron/contract/planted.ts',
      "export type Client = import('../core/api/client').ApiClient\n",
    )
    expect(messages).toEqual([expect.stringMatching(/contract imports only zod/)])
  })
})
