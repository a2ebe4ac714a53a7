export default {
  notice: {
    label: 'Atualização do aplicativo',
    downloading: 'Baixando o Agent Desk {version}…',
    downloadingAny: 'Baixando uma atualização…',
    ready: 'O Agent Desk {version} está pronto para instalar.',
    readyAny: 'Uma atualização está pronta para instalar.',
    restart: 'Reiniciar para atualizar',
    later: 'Depois',
    failed: 'Não foi possível baixar a atualização. O Agent Desk tentará de novo mais tarde.',
    dismiss: 'Fechar',
  },
  /** Para um controle "Verificar atualizações" (Configurações). */
  status: {
    check: 'Verificar atualizações',
    automatic: 'Verificar atualizações automaticamente',
    unsupported: 'Esta versão não se atualiza sozinha (desenvolvimento ou prévia no navegador).',
    checking: 'Verificando atualizações…',
    none: 'O Agent Desk está atualizado.',
    available: 'O Agent Desk {version} está disponível e sendo baixado.',
    downloading: 'Baixando o Agent Desk {version}: {percent}%',
    downloaded: 'O Agent Desk {version} está pronto: reinicie para instalar.',
    error: 'Não foi possível verificar atualizações: {message}',
  },
}
