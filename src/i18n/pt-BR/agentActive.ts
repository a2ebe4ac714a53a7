export default {
  on: 'Ligado',
  offTitle: 'Este agente está desligado: ele não responde nos seus canais',
  off: 'Desligado',
  training: 'Aprendendo',
  column: 'Estado',
  switchLabel: '{name} atende os clientes',
  turnOff: {
    title: 'Desligar {name}?',
    content:
      '{name} para de responder em todos os seus canais até ser ligado de novo. As conversas continuam como estão; nada é apagado.',
    confirm: 'Desligar',
  },
  doneOn: '{name} está ligado: volta a responder nos seus canais.',
  doneOff: '{name} está desligado: não responde mais.',
  failed: 'Não foi possível ligar ou desligar o agente: {reason}',
  offlineRefused:
    'Você está offline: ligar ou desligar um agente precisa do serviço. Tente de novo quando voltar a ficar online.',
}
