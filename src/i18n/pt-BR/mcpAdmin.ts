export default {
  toolSwitch: 'O agente pode usar {name}',
  finishExplain:
    'Depois de entrar, o provedor mostra ou devolve um código. Cole-o aqui para terminar a conexão (o estado vem preenchido do link de autorização).',
  code: 'Código de autorização',
  state: 'Estado',
  finish: 'Terminar a conexão',
  codeNeeded: 'Cole primeiro o código de autorização (e o estado).',
  connected: 'A conexão foi concluída: o agente pode usar as ferramentas.',
  failed: 'Não foi feito: {reason}',
}
