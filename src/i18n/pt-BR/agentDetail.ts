export default {
  tabsLabel: 'Seções do agente',
  back: 'Todos os agentes',
  notFound: 'Este agente não existe mais no serviço.',
  loadFailed: 'Não foi possível carregar o agente.',
  refusedElsewhere:
    'A aba {tab} não foi salva por causa de “{field}” aqui. Corrija e salve esta aba; depois salve a aba {tab} de novo: sua edição lá foi mantida.',
  tabs: {
    profile: 'Perfil',
    behavior: 'Comportamento',
    trainings: 'Treinamentos',
    webhooks: 'Webhooks',
  },
  leave: {
    title: 'Sair com alterações não salvas?',
    content:
      'Suas alterações ainda não foram salvas no serviço. Elas ficam aqui como rascunho, para você voltar e salvar.',
    confirm: 'Sair',
  },
  delete: {
    button: 'Excluir agente',
    title: 'Excluir este agente?',
    content:
      '“{name}” será excluído do serviço com seus treinamentos, intenções e configurações. Isso não pode ser desfeito.',
    confirm: 'Excluir “{name}”',
    done: '“{name}” foi excluído.',
    failed: 'O agente não foi excluído. {reason}',
  },
}
