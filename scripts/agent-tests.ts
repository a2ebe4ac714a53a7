import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { reportTable, runHeadless } from '../electron/core/agentTests/headless'

/**
 * npm run agent-tests -- --service URL --agent ID --suite FILE [--threshold 0.8] [--concurrency 4]
 * [--timeout 60]: runs an exported agent test suite against a service, prints a table, and exits
 * 0 when every case passed, 1 when one changed or failed, 2 when it could not run. The token comes
 * from the environment (AGENT_DESK_TOKEN), never from the command line (it would show in `ps`).
 */
const USAGE =
  'usage: npm run agent-tests -- --service URL --agent ID --suite FILE [--threshold 0..1] [--concurrency N] [--timeout SECONDS]\n' +
  'The token is read from the environment variable AGENT_DESK_TOKEN.'

async function main(): Promise<number> {
  let values
  try {
    ;({ values } = parseArgs({
      options: {
        service: { type: 'string' },
        agent: { type: 'string' },
        suite: { type: 'string' },
        threshold: { type: 'string' },
        concurrency: { type: 'string' },
        timeout: { type: 'string' },
        help: { type: 'boolean' },
      },
    }))
  } catch (err) {
    console.error(`${err instanceof Error ? err.message : String(err)}\n${USAGE}`)
    return 2
  }
  if (values.help) {
    console.log(USAGE)
    return 0
  }
  const token = process.env.AGENT_DESK_TOKEN
  if (!values.service || !values.agent || !values.suite) {
    console.error(USAGE)
    return 2
  }
  if (!token) {
    console.error('AGENT_DESK_TOKEN is not set: put the service token in the environment')
    return 2
  }
  const number = (v: string | undefined) => (v === undefined ? undefined : Number(v))
  const threshold = number(values.threshold)
  if (threshold !== undefined && !(threshold >= 0 && threshold <= 1)) {
    console.error('--threshold is a number from 0 to 1')
    return 2
  }
  let suiteText: string
  try {
    suiteText = readFileSync(values.suite, 'utf8')
  } catch (err) {
    console.error(`cannot read ${values.suite}: ${err instanceof Error ? err.message : String(err)}`)
    return 2
  }
  try {
    const timeout = number(values.timeout)
    const report = await runHeadless({
      service: values.service,
      agentId: values.agent,
      suiteText,
      token,
      changeThreshold: threshold,
      concurrency: number(values.concurrency),
      caseTimeoutMs: timeout === undefined ? undefined : timeout * 1000,
    })
    console.log(reportTable(report))
    return report.exitCode
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err))
    return 2
  }
}

void main().then((code) => process.exit(code))
