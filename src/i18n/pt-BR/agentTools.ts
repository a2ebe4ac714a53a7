export default {
  keyValue: {
    name: 'Nome',
    value: 'Valor',
    none: 'Nenhum {item} ainda.',
    add: 'Adicionar {item}',
    remove: 'Remover',
    nameOf: 'Nome do {item} {n}',
    valueOf: 'Valor do {item} {n}',
    removeOf: 'Remover {item} {n}',
  },
  json: {
    hint: 'Um documento JSON. Deixe vazio para não enviar corpo.',
    invalid: 'Este JSON não é válido: {reason}',
    format: 'Formatar',
  },
  week: {
    label: 'Horário semanal',
    days: {
      0: 'Domingo',
      1: 'Segunda-feira',
      2: 'Terça-feira',
      3: 'Quarta-feira',
      4: 'Quinta-feira',
      5: 'Sexta-feira',
      6: 'Sábado',
    },
    off: 'Desligado o dia todo',
    noHours: 'Sem horários: adicione um intervalo ou desligue o dia.',
    addRange: 'Adicionar horário',
    startOf: '{day}, intervalo {n}, início (HH:MM)',
    endOf: '{day}, intervalo {n}, fim (HH:MM)',
    removeOf: 'Remover intervalo {n} de {day}',
    problem: {
      format: 'Use HH:MM, por exemplo 08:30.',
      order: 'O fim precisa ser depois do início.',
      overlap: 'Sobrepõe outro intervalo deste dia.',
    },
  },
  list: {
    clearFilter: 'Limpar filtro',
  },
}
