import { SeededRandom } from '../seededRandom'
import type { SandboxStore } from '../store'
import { seedAgents, seedTrainings } from './agents'
import { seedChannelsMcpWebhooks } from './channels'
import { seedChats, seedContacts } from './chats'
import { SEED_FACTS, WORKSPACE_ID } from './facts'
import { seedIntentions } from './intentions'
import { seedIdleActionsAndRules } from './rules'

export { BIG_CHAT_MESSAGES, DEMO_USER, SEED_FACTS, SEED_NOW } from './facts'
export { emptyTraining } from './agents'

/**
 * The demo workspace. Well-known things (workspace, agents, channels, trainings, intentions, the
 * first contacts, the big chat) have ids fixed by a label, the same for every seed, so tests and the
 * app's demo can name them; the seed number only changes the generated crowd (names, texts, times).
 */

export interface SeedOptions {
  seed: number
  bigChat: boolean
}

export interface SeedReport {
  millis: number
  messages: number
}

/** Fills an empty store with the demo workspace; one transaction, prepared statements. */
export function seedDemoData(store: SandboxStore, options: SeedOptions): SeedReport {
  const started = performance.now()
  const rng = new SeededRandom(options.seed)
  let messages = 0
  store.bulkLoad(() => {
    store.workspaces.put({ id: WORKSPACE_ID, name: SEED_FACTS.workspaceName })
    seedAgents(store, rng)
    seedTrainings(store, rng)
    seedIntentions(store)
    seedIdleActionsAndRules(store)
    seedChannelsMcpWebhooks(store)
    const contacts = seedContacts(store, rng)
    messages = seedChats(store, rng, contacts, options.bigChat)
    store.setMeta('seed', JSON.stringify({ seed: options.seed, bigChat: options.bigChat, at: Date.now() }))
  })
  return { millis: Math.round(performance.now() - started), messages }
}
