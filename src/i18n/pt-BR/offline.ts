export default {
  sync: {
    makeAvailable: 'Disponibilizar offline',
    makeAgentAvailable: 'Disponibilizar offline as conversas deste agente',
    update: 'Atualizar cópia offline',
    cancel: 'Cancelar',
    starting: 'Lendo a lista de conversas…',
    progress: '{done} de {total} conversas · {messages} mensagens novas',
    current: 'Agora: {name}',
    done: 'Disponível offline · {messages} mensagens novas',
    cancelled: 'Interrompido. A próxima execução continua de onde parou.',
    failed: 'Não foi possível concluir: {message}',
    lastSynced: 'Cópia offline de {when}',
    stoppedChatList: 'A lista de conversas parou após {pages} páginas: o serviço continuava enviando páginas novas.',
    stoppedChat: 'A conversa {chat} parou após {pages} páginas: o serviço continuava enviando páginas novas.',
    stoppedBudget:
      'Parou no limite de espaço para dados offline (Configurações › Dados offline). O que foi salvo fica; aumente o limite para continuar.',
  },
  search: {
    placeholder: 'Buscar nas mensagens salvas',
    label: 'Buscar nas mensagens salvas para uso offline',
    searching: 'Buscando…',
    noMatch: 'Nenhuma mensagem salva corresponde a “{query}”.',
    hint: 'A busca cobre apenas as conversas disponibilizadas offline (ou já abertas).',
    unnamedChat: 'Conversa {id}',
    failed: 'A busca falhou: {message}',
    roles: { user: 'Cliente', assistant: 'Agente', system: 'Sistema', tool: 'Ferramenta' },
  },
  settings: {
    title: 'Dados offline',
    description: 'As conversas disponibilizadas offline ficam criptografadas neste computador, um arquivo por perfil.',
    size: '{size} · {chats} conversas · {messages} mensagens',
    none: 'Nada está salvo para uso offline.',
    clear: 'Apagar dados offline',
    clearTitle: 'Apagar os dados offline?',
    clearContent:
      'As conversas e mensagens salvas de “{profile}” serão apagadas deste computador; o serviço as mantém. Mensagens aguardando envio, rascunhos não salvos, testes de agentes e conexões MCP não estão no serviço: eles são mantidos.',
    cleared: 'Dados offline apagados',
    rebuilt:
      'Os dados offline estavam danificados ou ilegíveis e foram recriados; mensagens aguardando envio, rascunhos, testes de agentes e conexões MCP foram mantidos. Disponibilize as conversas offline novamente.',
    scopeWorkspace: 'Workspace inteiro',
    scopeAgent: 'Agente {id}',
    budget: 'Limite de espaço para dados offline',
    budgetUse: '{used} de {budget} em uso',
    budgetHint: 'A disponibilização offline para quando os dados offline de todos os perfis chegam a este tamanho.',
    refresh: 'Atualizado a cada {minutes} minutos enquanto online.',
    refreshOff: 'Sem atualização automática.',
    unavailableTitle: 'Os dados offline estão desligados para este perfil',
    unavailable: {
      driver:
        'O módulo de banco de dados do app não pôde ser carregado, então nada é guardado para uso offline. Seu arquivo offline não foi alterado. Reinstalar o app geralmente resolve.',
      open: 'O arquivo offline não pôde ser aberto (pode estar em uso, ou esta conta não tem permissão para lê-lo). Ele foi mantido como está.',
      undecryptable:
        'O arquivo offline não pode ser descriptografado com a chave guardada no chaveiro deste computador. Ele foi mantido como está; comece uma nova cópia offline para voltar a usar dados offline.',
      newer_schema:
        'O arquivo offline foi gravado por uma versão mais nova do Agent Desk. Ele foi mantido como está: atualize o app para usá-lo, ou comece uma nova cópia offline.',
      keychain_waiting:
        'Aguardando o chaveiro: o chaveiro do sistema ainda não respondeu (pode estar bloqueado). O arquivo offline foi mantido como está e abre assim que o chaveiro responder.',
      key_missing:
        'A chave do arquivo offline não foi encontrada: o chaveiro que a guarda não respondeu. O arquivo foi posto de lado, sem alterações, com as mensagens aguardando envio; desbloqueie o chaveiro e tente de novo, ou reinicie o app.',
    },
    retry: 'Tentar de novo',
    setAside: {
      key_missing: 'Posto de lado em {when} ({size}): a chave não foi encontrada. Abre de novo quando a chave voltar.',
      damaged: 'Posto de lado em {when} ({size}): danificado, guardado para análise.',
    },
    unavailableSize: '{size} em disco · não pode ser lido agora',
    startNew: 'Começar uma nova cópia offline',
    startNewContent:
      'O arquivo offline de “{profile}” que não pode ser usado será posto de lado (mantido neste computador) e um novo, vazio, será criado. O serviço mantém as conversas; mensagens aguardando envio que puderem ser lidas são mantidas.',
  },
}
