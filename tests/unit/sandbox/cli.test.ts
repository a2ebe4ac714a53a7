import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { SEED_FACTS } from '../../../electron/sandbox/index'
import { callSandbox } from './sandboxClient'

const root = fileURLToPath(new URL('../../../', import.meta.url))

describe('sandbox CLI', () => {
  it('prints its base URL, token, workspace id and curl examples, serves, and exits 0 on Ctrl+C', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'electron/sandbox/cli.ts', '--port', '0', '--token', 'cli-token', '--no-big-chat'],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    )
    try {
      let out = ''
      child.stdout.setEncoding('utf8')
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: string) => {
          out += chunk
          if (out.includes('Ctrl+C')) resolve()
        })
        child.once('exit', (code) => reject(new Error(`cli exited early with ${code}: ${out}`)))
      })
      const url = /base URL\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1] as string
      expect(url).toBeDefined()
      expect(out).toContain('cli-token')
      expect(out).toContain(SEED_FACTS.workspaceId)
      expect(out).toContain(`curl -H 'Authorization: Bearer cli-token' ${url}/v2/workspaces`)

      const answer = await callSandbox(url, 'GET', '/v2/workspaces', { token: 'cli-token' })
      expect(answer.body).toEqual([{ id: SEED_FACTS.workspaceId, name: SEED_FACTS.workspaceName }])

      child.kill('SIGINT')
      const [code] = await once(child, 'exit')
      expect(code).toBe(0)
      await expect(fetch(`${url}/v2/workspaces`)).rejects.toThrow()
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL')
    }
  })

  it('refuses a bad port with a message and exit code 1', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'electron/sandbox/cli.ts', '--port', 'abc'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let err = ''
    child.stderr.setEncoding('utf8')
    child.stderr.on('data', (chunk: string) => (err += chunk))
    const [code] = await once(child, 'exit')
    expect(code).toBe(1)
    expect(err).toContain('--port')
  })
})
