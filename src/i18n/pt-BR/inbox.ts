export default {
  views: {
    label: 'Visões',
    needsPerson: 'Precisa de uma pessoa',
    needsPersonHint: 'Uma pessoa está atendendo e o cliente escreveu por último',
    unread: 'Não lidas',
    unreadHint: 'Conversas com mensagens que ninguém leu',
    ai: 'IA atendendo',
    aiHint: 'A IA está atendendo e a conversa está aberta',
    finished: 'Finalizadas',
    finishedHint: 'Conversas finalizadas',
    all: 'Todas',
    allHint: 'Todas as conversas',
    count: '{view}: {n}',
  },
  channel: 'Canal',
  allChannels: 'Todos os canais',
  source: {
    cache:
      'A única conversa da cópia offline, filtrada de uma vez | Todas as {n} conversas da cópia offline, filtradas de uma vez',
    cacheOne: 'A cópia offline, filtrada de uma vez',
    page: 'As visões filtram só esta página do serviço; disponibilize as conversas offline para filtrar todas.',
  },
  showMore: 'Mostrar mais',
  loadFailed: 'Não foi possível ler a cópia offline.',
  empty: 'Nenhuma conversa nesta visão.',
  sender: {
    customer: 'Cliente',
    ai: 'IA',
  },
  answering: {
    ai: 'IA atendendo',
    person: '{name} atendendo',
    someone: 'Uma pessoa está atendendo',
  },
  rowLabel: '{name}, {answering}, {channel}',
  keys: {
    hint: 'Alt+U próxima não lida · Alt+T assumir · Alt+O nova janela',
  },
  palette: {
    nextChat: 'Conversas: abrir a próxima conversa',
    previousChat: 'Conversas: abrir a conversa anterior',
    nextUnread: 'Conversas: abrir a próxima não lida',
    openInNewWindow: 'Conversas: abrir esta conversa em uma nova janela',
    openInNewWindowKeywords: 'janela separada destacar',
  },
}
