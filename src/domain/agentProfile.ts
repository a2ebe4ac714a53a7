import type { Agent, AgentInput } from '@contract'

/** The longest behavior the contract's `AgentInput` accepts (a unit test keeps the two equal). */
export const BEHAVIOR_MAX_LENGTH = 50_000

/** What the Profile form edits: every text a string (the inputs need one), enums possibly unset. */
export interface AgentProfileDraft {
  name: string
  avatar: string
  /** A known value, or a value the service added later (kept until the user picks another). */
  communicationType: string | null
  type: string | null
  jobName: string
  jobSite: string
  jobDescription: string
}

export const PROFILE_FIELDS = [
  'name',
  'avatar',
  'communicationType',
  'type',
  'jobName',
  'jobSite',
  'jobDescription',
] as const satisfies readonly (keyof AgentProfileDraft)[]

export function emptyProfileDraft(): AgentProfileDraft {
  return {
    name: '',
    avatar: '',
    communicationType: 'NORMAL',
    type: 'SUPPORT',
    jobName: '',
    jobSite: '',
    jobDescription: '',
  }
}

export function profileDraftOf(agent: Agent): AgentProfileDraft {
  return {
    name: agent.name ?? '',
    avatar: agent.avatar ?? '',
    communicationType: agent.communicationType ?? null,
    type: agent.type ?? null,
    jobName: agent.jobName ?? '',
    jobSite: agent.jobSite ?? '',
    jobDescription: agent.jobDescription ?? '',
  }
}

/** What the schema checks and the service receives: texts trimmed where spaces mean nothing. */
export function profileInputOf(draft: AgentProfileDraft): AgentInput {
  return {
    name: draft.name.trim(),
    avatar: draft.avatar.trim(),
    communicationType: draft.communicationType as AgentInput['communicationType'],
    type: draft.type as AgentInput['type'],
    jobName: draft.jobName,
    jobSite: draft.jobSite.trim(),
    jobDescription: draft.jobDescription,
  }
}

/**
 * Only the fields the user changed: merged over the whole agent, so a field left alone is sent
 * exactly as the service has it (null stays null, not an empty string).
 */
export function profileChanges(base: AgentProfileDraft, draft: AgentProfileDraft): Partial<AgentInput> {
  const input = profileInputOf(draft)
  const changes: Partial<AgentInput> = {}
  for (const field of PROFILE_FIELDS) {
    if (base[field] !== draft[field]) Object.assign(changes, { [field]: input[field] })
  }
  return changes
}

/**
 * The tab each field of an agent is edited on. An agent is saved whole (the service replaces it),
 * so a save from one tab can be refused for a field of another: the refusal names it and its tab.
 */
export const AGENT_FIELD_TABS: Readonly<Record<string, 'profile' | 'behavior'>> = {
  name: 'profile',
  avatar: 'profile',
  communicationType: 'profile',
  type: 'profile',
  jobName: 'profile',
  jobSite: 'profile',
  jobDescription: 'profile',
  behavior: 'behavior',
}
