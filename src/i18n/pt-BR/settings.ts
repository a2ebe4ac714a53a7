import { languageNames } from '../properNames'

export default {
  title: 'Configurações',
  appearance: 'Aparência',
  theme: 'Tema',
  themes: { system: 'Seguir o sistema', light: 'Claro', dark: 'Escuro' },
  language: 'Idioma',
  languages: { system: 'Seguir o sistema', ...languageNames },
  security: 'Segurança',
  vault: 'Onde os tokens ficam guardados',
  vaultBackends: {
    keytar: 'Chaveiro do sistema',
    safeStorage: 'Cifrado com a chave do sistema operacional',
    memory: 'Só na memória (esquecido quando o app fecha)',
  },
  vaultWeak:
    'Este sistema não oferece um chaveiro de verdade: os tokens salvos ficam apenas disfarçados no disco. Instale e desbloqueie um chaveiro (ex.: GNOME Keyring ou KWallet) e reinicie o app.',
  vaultWaiting:
    'Aguardando o chaveiro: ele ainda não respondeu (pode estar bloqueado). Tokens e dados offline são lidos dele assim que responder.',
  vaultUnknown: 'Desconhecido',
  about: 'Sobre',
  version: 'Versão {version} ({platform})',
  saved: 'Salvo',
  settingsReset: 'O arquivo de configurações estava danificado e voltou ao padrão.',
}
