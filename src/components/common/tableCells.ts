import type { DataTableBaseColumn } from 'naive-ui'
import { h } from 'vue'
import AgentAvatar from '@/components/agents/AgentAvatar.vue'
import UserText from '@/components/common/UserText.vue'

/** A cell of text from the service, cut to the column with its whole in the title; `—` when none. */
export const textCell = (text: string | null | undefined) => h(UserText, { text: text || '—', ellipsis: true })

/** The name cell of a person or agent: the avatar, then the name (or `noName`). */
export const avatarNameCell = (name: string | null | undefined, avatar: string | null | undefined, noName: string) =>
  h('div', { class: 'list-table__name' }, [
    h(AgentAvatar, { name, avatar }),
    h(UserText, { class: 'list-table__name-text', text: name || noName, ellipsis: true }),
  ])

/** A column of text from the service: cut to the column, the whole of it in a tooltip. */
export const textColumn = <T>(
  key: string,
  title: string,
  text: (row: T) => string | null | undefined,
): DataTableBaseColumn<T> => ({ key, title, ellipsis: { tooltip: true }, render: (row) => textCell(text(row)) })

/** The first column of a list of people or agents: avatar and name, the widest column. */
export const avatarNameColumn = <T>(
  title: string,
  person: (row: T) => { name?: string | null; avatar?: string | null },
  noName: string,
): DataTableBaseColumn<T> => ({
  key: 'name',
  title,
  minWidth: 250,
  render: (row) => {
    const { name, avatar } = person(row)
    return avatarNameCell(name, avatar, noName)
  },
})
