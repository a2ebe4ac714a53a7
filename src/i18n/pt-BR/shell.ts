export default {
  nav: {
    label: 'Navegação principal',
    agents: 'Agentes',
    settings: 'Configurações',
  },
  topBar: {
    profile: 'Perfil',
    noProfile: 'Nenhum perfil',
    addProfile: 'Adicionar um perfil…',
    openDemo: 'Abrir o espaço de demonstração',
    removeProfile: 'Remover “{label}”…',
    themeToLight: 'Mudar para o tema claro',
    themeToDark: 'Mudar para o tema escuro',
    disabledProfile: 'desativado',
    language: 'Idioma',
  },
  disabledProfile: {
    title: 'Este perfil está desativado',
  },
  removeProfile: {
    title: 'Remover este perfil?',
    body: '“{label}” será removido deste computador com o token salvo e os dados offline. O espaço de trabalho no serviço não é alterado.',
    confirm: 'Remover perfil',
    done: 'Perfil removido',
  },
  tokenRefused: {
    banner: 'O serviço recusou o token de “{label}”. O que você vê foi salvo antes e não está sendo atualizado.',
    action: 'Informar um novo token',
  },
  offline: {
    banner: 'Offline desde {time}',
    retrying: 'tentando reconectar',
  },
  demoBadge: 'Demo',
  demoProfileLabel: 'Espaço de demonstração',
}
