export default {
  title: 'Webhooks de eventos',
  intro:
    'O serviço envia uma requisição POST para um endereço quando um destes eventos acontece com este agente. Deixe o endereço vazio para não ser avisado daquele evento. Todos os endereços são salvos juntos.',
  placeholder: 'https://seu-sistema.exemplo/hooks/…',
  loadFailed: 'Não foi possível carregar os endereços dos webhooks.',
  saved: 'Os endereços dos webhooks foram salvos.',
  events: {
    onNewMessage: {
      name: 'Nova mensagem',
      when: 'Dispara quando chega uma nova mensagem em uma das conversas do agente.',
    },
    onLackKnowLedge: {
      name: 'Pergunta sem resposta',
      when: 'Dispara quando o agente não consegue responder a uma pergunta por falta de conhecimento.',
    },
    onTransfer: {
      name: 'Transferência para uma pessoa',
      when: 'Dispara quando o agente passa o atendimento para um atendente humano.',
    },
    onFirstInteraction: {
      name: 'Primeiro atendimento',
      when: 'Dispara quando um cliente fala com o agente pela primeira vez.',
    },
    onStartInteraction: {
      name: 'Início de atendimento',
      when: 'Dispara toda vez que um atendimento com um cliente começa.',
    },
    onFinishInteraction: {
      name: 'Fim de atendimento',
      when: 'Dispara quando um atendimento com um cliente termina.',
    },
    onCreateEvent: {
      name: 'Agendamento feito',
      when: 'Dispara quando o agente agenda um compromisso ou evento para um cliente.',
    },
    onCancelEvent: {
      name: 'Agendamento cancelado',
      when: 'Dispara quando um agendamento é cancelado.',
    },
  },
}
