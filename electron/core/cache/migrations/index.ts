import type { Migration } from './migration'
import { migration as responses } from './001-responses'
import { migration as chats } from './002-chats'
import { migration as messages } from './003-messages'
import { migration as messageSearch } from './004-message-search'
import { migration as syncedScopes } from './005-synced-scopes'
import { migration as chunkedSearch } from './006-chunked-search'
import { migration as outbox } from './007-outbox'
import { migration as drafts } from './008-drafts'
import { migration as outboxEvidence } from './009-outbox-evidence'
import { migration as profileSettings } from './010-profile-settings'
import { migration as agentTests } from './011-agent-tests'
import { migration as inbox } from './012-inbox'
import { migration as insightsFacts } from './013-insights-facts'
import { migration as searchPrefix } from './014-search-prefix'

export type { Migration } from './migration'

/** In order; a version is never reused or edited once shipped: add a new file instead. */
export const migrations: readonly Migration[] = [
  responses,
  chats,
  messages,
  messageSearch,
  syncedScopes,
  chunkedSearch,
  outbox,
  drafts,
  outboxEvidence,
  profileSettings,
  agentTests,
  inbox,
  insightsFacts,
  searchPrefix,
]
