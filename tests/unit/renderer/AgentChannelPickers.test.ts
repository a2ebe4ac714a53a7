// @vitest-environment happy-dom
import { mount } from '@vue/test-utils'
import { NSelect } from 'naive-ui'
import { beforeEach, describe, expect, it } from 'vitest'
import AgentChannelPickers from '@/components/common/AgentChannelPickers.vue'
import { i18n } from '@/i18n'

const pickers = (channelTypes: string[]) =>
  mount(AgentChannelPickers, {
    props: {
      agentOptions: [{ label: 'Sofia', value: 'a1' }],
      channelTypes,
      testid: 'inbox',
      agentId: null,
      channel: null,
    },
    global: { plugins: [i18n] },
  })

beforeEach(() => {
  i18n.global.locale.value = 'en'
})

describe('AgentChannelPickers', () => {
  it('offers each channel type by the name the app gives it, and an unknown one as the service sent it', () => {
    const [, channel] = pickers(['WIDGET', 'SOMETHING_NEW']).findAllComponents(NSelect)
    expect(channel.props('options')).toEqual([
      { value: 'WIDGET', label: 'Website chat widget' },
      { value: 'SOMETHING_NEW', label: 'SOMETHING_NEW' },
    ])
  })

  it('names the channel types in the app’s language', () => {
    i18n.global.locale.value = 'pt-BR'
    const [, channel] = pickers(['WIDGET']).findAllComponents(NSelect)
    expect(channel.props('options')).toEqual([{ value: 'WIDGET', label: i18n.global.t('channels.types.WIDGET') }])
    expect(i18n.global.t('channels.types.WIDGET')).not.toBe('Website chat widget')
  })
})
