export default {
  list: {
    title: 'Agentes',
    filter: 'Filtrar por nome',
    filterPlaceholder: 'Digite parte de um nome',
    columns: {
      name: 'Nome',
      goal: 'Objetivo',
      communication: 'Comunicação',
      job: 'Trabalha para',
    },
    empty: 'Este espaço de trabalho ainda não tem agentes. Crie o primeiro em “Novo agente”.',
    emptyFiltered: 'Nenhum nome de agente contém “{query}”. Tente outra parte do nome ou limpe o filtro.',
    clearFilter: 'Limpar filtro',
    loadFailed: 'Não foi possível carregar os agentes.',
    noName: '(sem nome)',
    openHint: 'Pressione Enter para abrir',
  },
  goal: {
    SUPPORT: 'Suporte',
    SALE: 'Vendas',
    PERSONAL: 'Pessoal',
  },
  communication: {
    FORMAL: 'Formal',
    NORMAL: 'Normal',
    RELAXED: 'Descontraída',
  },
}
