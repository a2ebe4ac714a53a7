/** Como o app mostra um valor que recebeu mas não sabe usar: dito com clareza, nunca uma tela de erro. */
export default {
  unknownDate: 'Data desconhecida',
  unknown: 'Desconhecido',
  yes: 'Sim',
  no: 'Não',
  empty: 'Vazio',
}
