export default {
  create: 'Nova intenção',
  title: 'Nova intenção',
  createLead:
    'O agente chama este endereço quando um cliente pede o que a descrição diz. Campos, cabeçalhos e o corpo da requisição são definidos no editor depois de criar.',
  description: 'Descrição',
  descriptionPlaceholder: 'ex.: Consultar o status de um pedido',
  details: 'Quando o agente deve usar',
  method: 'Método',
  url: 'Endereço web',
  autoParams: 'Deixar o agente preencher os parâmetros da consulta',
  autoBody: 'Deixar o agente escrever o corpo da requisição',
  submit: 'Criar intenção',
  created: 'A intenção {name} foi criada. Abra-a para adicionar campos e cabeçalhos.',
  delete: 'Excluir',
  deleteLabel: 'Excluir {name}',
  deleteConfirm: {
    title: 'Excluir {name}?',
    content:
      'O agente não poderá mais chamar este endereço. Os campos, cabeçalhos, parâmetros e o corpo da requisição serão perdidos; isso não pode ser desfeito.',
    confirm: 'Excluir intenção',
  },
  deleted: 'A intenção {name} foi excluída.',
  failed: 'Não foi feito: {reason}',
  offline: 'Você está offline: criar e excluir intenções precisam do serviço.',
}
