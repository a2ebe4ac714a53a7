import { ref } from 'vue'
import { useI18n } from 'vue-i18n'
import type { Agent } from '@contract'
import { isolate } from '@/domain/userText'
import { feedback } from '@/feedback'
import { confirmIn, type ConfirmRequest } from '@/composables/useConfirm'
import { useErrorReason } from '@/composables/useErrorReason'
import { useOfflineState } from '@/composables/useOfflineState'
import { runWrite } from '@/query'
import { useAgentsStore } from '@/stores/agents'

/** The agent's undocumented `status` (live: ACTIVE, TRAINING; INACTIVE once switched off). */
export function isAgentOn(agent: Pick<Agent, 'status'> | undefined): boolean {
  return agent?.status !== 'INACTIVE'
}

/**
 * Switching an agent on or off (PUT …/active, …/inactive). Switching off asks first and says what
 * stops; offline, the switch is refused with a sentence instead of a request that cannot go out.
 * On success the agent's state is changed wherever the app keeps it (list pages, detail), then
 * read again from the service.
 */
export function useAgentActive() {
  const { t } = useI18n()
  const reasonOf = useErrorReason()
  // Made at the moment of use, not in setup: a switch in a table row needs no providers around it.
  const message = {
    error: (text: string) => feedback().message.error(text),
    success: (text: string) => feedback().message.success(text),
  }
  const confirm = (request: ConfirmRequest) => confirmIn(feedback().dialog, t('common.cancel'), request)
  const agents = useAgentsStore()
  const { offline } = useOfflineState()
  const busy = ref<Record<string, boolean>>({})

  const patchStatus = (agentId: string, status: string) => agents.patch(agentId, { status })

  async function setOn(agent: Agent, on: boolean): Promise<boolean> {
    const name = isolate(agent.name || t('agents.list.noName'))
    if (offline.value) {
      message.error(t('agentActive.offlineRefused'))
      return false
    }
    if (!on) {
      const go = await confirm({
        title: t('agentActive.turnOff.title', { name }),
        content: t('agentActive.turnOff.content', { name }),
        confirm: t('agentActive.turnOff.confirm'),
      })
      if (!go) return false
    }
    busy.value = { ...busy.value, [agent.id]: true }
    const input = { path: { agentId: agent.id } }
    const r = on ? await runWrite('agents.activate', input) : await runWrite('agents.deactivate', input)
    busy.value = { ...busy.value, [agent.id]: false }
    if (!r.ok) {
      message.error(
        r.error.kind === 'offline'
          ? t('agentActive.offlineRefused')
          : t('agentActive.failed', { reason: reasonOf(r.error) }),
      )
      return false
    }
    patchStatus(agent.id, on ? 'ACTIVE' : 'INACTIVE')
    message.success(on ? t('agentActive.doneOn', { name }) : t('agentActive.doneOff', { name }))
    // The service's word on the new state (the status is not documented; a read settles it).
    void agents.get(agent.id, { fresh: true }).then((read) => {
      if (read.ok && read.data.status) patchStatus(agent.id, read.data.status)
    })
    return true
  }

  return { setOn, busy }
}
