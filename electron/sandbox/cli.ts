import { parseArgs } from 'node:util'
import { SEED_FACTS, startSandbox } from './index'

/**
 * `npm run sandbox -- --port 8787 --token demo-token [--db FILE] [--seed N] [--host H] [--no-big-chat]`
 * Starts the embedded API service and prints how to reach it. Ctrl+C closes it cleanly.
 */

const USAGE = `Usage: npm run sandbox -- [--port 8787] [--host 127.0.0.1] [--token demo-token] [--db FILE] [--seed 1] [--no-big-chat]`

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '8787' },
      host: { type: 'string', default: '127.0.0.1' },
      token: { type: 'string', default: 'demo-token' },
      db: { type: 'string' },
      seed: { type: 'string', default: '1' },
      'no-big-chat': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  })
  if (values.help) {
    console.log(USAGE)
    return
  }
  const port = Number(values.port)
  const seed = Number(values.seed)
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port must be 0..65535, not ${values.port}`)
  if (!Number.isInteger(seed)) throw new Error(`--seed must be an integer, not ${values.seed}`)

  const sandbox = await startSandbox({
    port,
    host: values.host,
    token: values.token,
    dbFile: values.db,
    seed,
    bigChat: !values['no-big-chat'],
  })
  const auth = `-H 'Authorization: Bearer ${sandbox.token}'`
  console.log(`Agent Desk sandbox (GPT Maker API v2 stand-in)
  base URL      ${sandbox.url}
  token         ${sandbox.token}
  workspace id  ${sandbox.workspaceId}
  data          ${values.db ? `${values.db} (${sandbox.seeded ? 'seeded now' : 'kept from before'})` : 'in memory'}${sandbox.seeded ? `, seeded in ${sandbox.seedMillis} ms` : ''}

Try:
  curl ${auth} ${sandbox.url}/v2/workspaces
  curl ${auth} '${sandbox.url}/v2/workspace/${sandbox.workspaceId}/agents?query=sao%20joao'
  curl ${auth} '${sandbox.url}/v2/agent/${SEED_FACTS.agents.support}/trainings?type=TEXT&page=1&pageSize=10'
  curl ${auth} '${sandbox.url}/v2/chat/${SEED_FACTS.bigChatId}/messages?page=1&pageSize=5'
  curl ${auth} -X PUT -H 'Content-Type: application/json' -d '{"name":"WhatsApp Loja","agentId":null}' ${sandbox.url}/v2/channel/${SEED_FACTS.channelId}

Ctrl+C to stop.`)

  let stopping = false
  const stop = () => {
    if (stopping) return
    stopping = true
    sandbox.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err))
  console.error(USAGE)
  process.exit(1)
})
