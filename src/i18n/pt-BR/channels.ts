import { channelTypeNames } from '../properNames'

export default {
  tab: 'Canais',
  title: 'Canais',
  lead: 'Onde este agente conversa com os contatos. Renomeie um canal ou passe-o para outro agente.',
  filter: 'Filtrar canais pelo nome',
  filterPlaceholder: 'Filtrar pelo nome',
  loadFailed: 'Não foi possível carregar os canais.',
  empty: 'Nenhum canal está ligado a este agente. Ligue um pela aba Canais de outro agente, ou crie-o no serviço.',
  emptyFiltered: 'Nenhum nome de canal deste agente contém “{query}”.',
  noName: '(sem nome)',
  unknownType: 'Tipo desconhecido',
  connected: 'Conectado',
  disconnected: 'Não conectado',
  editButton: 'Renomear ou religar',
  leftMoved:
    '“{name}” agora pertence a {agent}, por isso não aparece mais nesta lista. Encontre-o na aba Canais daquele agente.',
  leftUnlinked: '“{name}” não está mais ligado a nenhum agente, por isso saiu desta lista.',
  types: { ...channelTypeNames, WIDGET: 'Widget de chat do site' },
  edit: {
    title: 'Canal “{name}”',
    name: 'Nome do canal',
    agent: 'Agente que atende neste canal',
    thisAgent: '{name} (este agente)',
    unlinkOption: 'Nenhum agente (desligar)',
    moveNote: 'Ao salvar, o canal e suas conversas vão para {agent} e saem da lista deste agente.',
    unlinkNote: 'Ao salvar, nenhum agente atende neste canal e ele sai da lista deste agente.',
    unlinkTitle: 'Desligar “{name}”?',
    unlinkContent:
      'Nenhum agente vai responder aos contatos que escreverem para “{name}” até você ligar um agente de novo.',
    unlinkConfirm: 'Desligar “{name}”',
    submit: 'Salvar canal',
    renamed: 'Canal “{name}” salvo.',
    moved: '“{name}” agora pertence a {agent}.',
    unlinked: '“{name}” foi desligado.',
  },
}
