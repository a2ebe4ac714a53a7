export default {
  tab: 'Transferências',
  title: 'Regras de transferência',
  lead: 'Quando este agente passa uma conversa para uma pessoa ou para outro agente.',
  loadFailed: 'Não foi possível carregar as regras de transferência.',
  empty:
    'Este agente nunca transfere conversas: ele ainda não tem regras de transferência. Adicione uma com Nova regra.',
  type: {
    HUMAN: 'Para uma pessoa',
    AGENT: 'Para outro agente',
  },
  to: 'Vai para',
  user: 'usuário {id}',
  anyHuman: 'a equipe (nenhum usuário específico)',
  unknownAgent: 'um agente fora da lista deste espaço de trabalho ({id})',
  noDestination: 'nenhum destino definido',
  instructions: 'Quando transferir',
  noInstructions: '(sem instruções)',
  returns: 'O agente retoma a conversa quando a transferência termina.',
  staysTransferred: 'A conversa fica com o destino quando a transferência termina.',
  readOnly: 'O Agent Desk apenas mostra as regras de transferência; o serviço não oferece como alterá-las aqui.',
}
