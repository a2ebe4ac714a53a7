export default {
  settingReset: 'Uma configuração do arquivo de configurações era inválida e voltou ao padrão: {field}.',
  fields: {
    version: 'versão do arquivo',
    profiles: 'lista de perfis',
    activeProfileId: 'perfil ativo',
    settings: 'todas as configurações',
    settings_locale: 'idioma',
    settings_theme: 'tema',
    settings_refreshIntervalMinutes: 'intervalo de atualização',
    settings_autoUpdate: 'atualizações automáticas',
    windowBounds: 'tamanho e posição da janela',
  },
  profileDropped: 'O perfil {label} não pôde ser lido do arquivo de configurações e foi removido com o seu token.',
  profileDroppedUnnamed: 'Um perfil não pôde ser lido do arquivo de configurações e foi removido com o seu token.',
  profileDisabled: {
    insecure_address:
      'O perfil {label} está desativado: o endereço não é https, então o token trafegaria sem criptografia. Remova-o e conecte de novo.',
    invalid_address:
      'O perfil {label} está desativado: o endereço não é um endereço de serviço válido. Remova-o e conecte de novo.',
  },
  cacheRebuilt:
    'Os dados offline de um perfil estavam danificados e foram separados; eles voltam a ser preenchidos conforme você usa o app.',
}
