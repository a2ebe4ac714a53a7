/** Brazilian Portuguese material the seed draws from: names, conversations, documents. */

export const FEMALE_NAMES = [
  'Ana',
  'Beatriz',
  'Camila',
  'Débora',
  'Eduarda',
  'Fernanda',
  'Gabriela',
  'Helena',
  'Isabela',
  'Júlia',
  'Larissa',
  'Letícia',
  'Mariana',
  'Natália',
  'Patrícia',
  'Renata',
  'Sabrina',
  'Tatiane',
  'Valéria',
  'Yasmin',
  'Aline',
  'Bruna',
  'Cecília',
  'Lúcia',
  'Márcia',
  'Simone',
  'Conceição',
  'Antônia',
] as const

export const MALE_NAMES = [
  'André',
  'Bruno',
  'Carlos',
  'Daniel',
  'Eduardo',
  'Felipe',
  'Gustavo',
  'Henrique',
  'Igor',
  'João',
  'Leonardo',
  'Lucas',
  'Marcelo',
  'Nicolas',
  'Otávio',
  'Paulo',
  'Rafael',
  'Sérgio',
  'Thiago',
  'Vinícius',
  'Wagner',
  'Fábio',
  'Márcio',
  'Raimundo',
  'José',
  'Antônio',
  'Cauã',
  'Luís',
] as const

export const SURNAMES = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Rodrigues',
  'Ferreira',
  'Alves',
  'Pereira',
  'Lima',
  'Gomes',
  'Costa',
  'Ribeiro',
  'Martins',
  'Carvalho',
  'Araújo',
  'Melo',
  'Barbosa',
  'Cardoso',
  'Rocha',
  'Dias',
  'Nascimento',
  'Conceição',
  'Gonçalves',
  'Magalhães',
  'Brandão',
  'Falcão',
  'Assunção',
  'Simões',
] as const

export const JOB_TITLES = [
  'Analista de Compras',
  'Gerente Comercial',
  'Professora',
  'Engenheiro Civil',
  'Autônomo',
  'Enfermeira',
  'Designer Gráfico',
  'Advogada',
  'Motorista',
  'Estudante',
  'Contador',
  'Técnica de Informática',
  'Empresária',
  'Farmacêutico',
  'Vendedora',
] as const

export const CITIES = [
  'São Paulo',
  'Rio de Janeiro',
  'Belo Horizonte',
  'Curitiba',
  'Porto Alegre',
  'Salvador',
  'Recife',
  'Fortaleza',
  'Goiânia',
  'Florianópolis',
  'Campinas',
  'Niterói',
  'São José dos Campos',
  'Ribeirão Preto',
] as const

export const PLANS = ['Básico', 'Plus', 'Premium', 'Empresarial'] as const

export const EMAIL_DOMAINS = ['gmail.com', 'outlook.com', 'hotmail.com', 'yahoo.com.br', 'uol.com.br', 'terra.com.br']

/** What customers write, by stage of a conversation. */
export const CUSTOMER_OPENINGS = [
  'Olá, boa tarde!',
  'Oi, tudo bem?',
  'Bom dia! Preciso de ajuda com um pedido.',
  'Boa noite, vocês ainda estão atendendo?',
  'Olá! Vi um produto no site e fiquei com dúvida.',
  'Oi, gostaria de falar com alguém sobre a minha compra.',
  'Bom dia, meu pedido ainda não chegou.',
  'Olá, quero trocar um produto.',
]

export const CUSTOMER_MESSAGES = [
  'O número do pedido é 48213, comprei na semana passada.',
  'Vocês entregam em Niterói? Qual é o prazo?',
  'Quanto fica o frete para o CEP 01310-100?',
  'A cor azul ainda tem no tamanho M?',
  'Posso pagar no Pix com desconto?',
  'Dá para parcelar em 10 vezes sem juros?',
  'O produto veio com um defeito na alça, o que eu faço?',
  'Quero mudar o endereço de entrega, é possível?',
  'Recebi o boleto, mas ele venceu ontem. Podem mandar outro?',
  'Vocês têm loja física em São Paulo?',
  'A garantia cobre mau uso?',
  'Qual o horário de funcionamento aos sábados?',
  'Comprei dois itens e só chegou um.',
  'Consigo retirar na loja hoje ainda?',
  'Tem cupom de primeira compra?',
  'Preciso da nota fiscal para a empresa, com CNPJ.',
  'O rastreio está parado há três dias.',
  'Ah, entendi. E se eu quiser devolver?',
  'Perfeito, muito obrigada!',
  'Beleza, vou aguardar então.',
  'Pode me mandar o link de pagamento?',
  'Não consegui abrir o arquivo, pode reenviar?',
]

export const AGENT_REPLIES = [
  'Olá! Eu sou a assistente virtual da Loja Demonstração. Como posso ajudar?',
  'Claro! Pode me informar o número do pedido, por favor?',
  'Encontrei o seu pedido. Ele saiu para entrega hoje pela manhã e deve chegar até as 18h.',
  'Entregamos sim! Para Niterói o prazo é de 2 a 4 dias úteis após a confirmação do pagamento.',
  'O frete para esse CEP fica R$ 18,90, com entrega em até 3 dias úteis.',
  'No Pix você ganha 5% de desconto, e o pagamento é confirmado na hora.',
  'Sim, parcelamos em até 10 vezes sem juros no cartão de crédito, a partir de R$ 300,00.',
  'Sinto muito pelo transtorno! Vou abrir uma solicitação de troca. Pode me enviar uma foto do defeito?',
  'Enquanto o pedido não for faturado, conseguimos alterar o endereço. Qual é o novo endereço completo?',
  'Gerei um novo boleto com vencimento para daqui a 3 dias. Segue o link.',
  'Nossa loja física fica na Rua Augusta, 1500, em São Paulo, e abre de segunda a sábado.',
  'A garantia de 12 meses cobre defeitos de fabricação, mas não cobre danos por mau uso.',
  'Aos sábados atendemos das 9h às 14h.',
  'Verifiquei aqui: o segundo item foi enviado em uma caixa separada e chega amanhã.',
  'A retirada na loja fica disponível 2 horas após a confirmação do pagamento.',
  'Use o cupom BEMVINDO10 para ganhar 10% na primeira compra.',
  'Sem problemas! A nota fiscal com CNPJ é emitida no faturamento; me passe os dados da empresa.',
  'Já acionei a transportadora. Assim que tiver retorno, aviso por aqui.',
  'Você tem até 7 dias após o recebimento para devolver, sem custo nenhum.',
  'Disponha! Se precisar de mais alguma coisa, é só chamar.',
]

export const OPERATOR_REPLIES = [
  'Oi, aqui é do time de atendimento. Vou assumir a sua conversa a partir de agora.',
  'Já conferi com o estoque: o produto está disponível e separei um para você.',
  'Consegui liberar o reembolso, ele cai em até 5 dias úteis no seu cartão.',
  'Acabei de falar com a transportadora, a entrega foi reagendada para amanhã.',
  'Pronto, troquei o endereço do pedido. Qualquer coisa estou por aqui.',
  'Vou encerrar o atendimento, mas pode nos chamar quando quiser. Obrigado!',
]

export const AUDIO_TRANSCRIPTIONS = [
  'Oi, tudo bem? Então, eu queria saber se o meu pedido já foi enviado, porque eu vou viajar na sexta.',
  'Bom dia, é a Maria. Eu recebi a caixa, mas o produto veio amassado, queria ver como faz a troca.',
  'Olha, eu tentei pagar pelo Pix e deu erro, vocês conseguem me mandar outro código?',
  'Boa tarde! Vocês têm esse modelo na cor preta? Se tiver eu já fecho a compra hoje.',
  'Só confirmando o horário da retirada, pode ser depois das cinco?',
]

export const IMAGE_CAPTIONS = [
  'Segue a foto do produto com defeito.',
  'É este modelo aqui que eu quero.',
  'Print do erro no pagamento.',
  'Foto da etiqueta da caixa.',
  '',
]

export const DOCUMENT_NAMES = [
  'comprovante-pix.pdf',
  'nota-fiscal-48213.pdf',
  'orcamento-empresa.pdf',
  'termo-de-troca.pdf',
  'boleto-segunda-via.pdf',
]

export const TEXT_TRAININGS = [
  'Política de trocas: o cliente pode trocar qualquer produto em até 30 dias após o recebimento, desde que esteja sem uso e com etiqueta. A primeira troca tem frete grátis.',
  'Formas de pagamento: cartão de crédito em até 10 vezes sem juros (parcela mínima de R$ 30,00), Pix com 5% de desconto e boleto bancário com vencimento em 3 dias úteis.',
  'Prazos de entrega: capitais do Sudeste de 1 a 3 dias úteis; demais capitais de 3 a 7 dias úteis; interior de 5 a 10 dias úteis. O prazo conta a partir da confirmação do pagamento.',
  'Horário de atendimento humano: segunda a sexta, das 8h às 18h, e sábado, das 9h às 14h. Fora desse horário o assistente registra o pedido e um atendente responde no próximo dia útil.',
  'Garantia: 12 meses contra defeitos de fabricação. Para acionar, o cliente envia foto do produto, número do pedido e descrição do problema.',
  'Programa de fidelidade: a cada R$ 100,00 em compras o cliente ganha 10 pontos; 100 pontos valem R$ 20,00 de desconto na próxima compra.',
  'Lembretes pessoais: a Júlia prefere reuniões pela manhã, não marca compromissos às quartas à tarde e usa o Google Agenda do trabalho.',
  'Pós-venda: depois da entrega, perguntar se o produto chegou bem, oferecer o manual em PDF e lembrar do prazo de 7 dias para arrependimento.',
]

export const WEBSITES = [
  'https://lojademo.com.br/ajuda',
  'https://lojademo.com.br/politica-de-trocas',
  'https://lojademo.com.br/blog/como-escolher-o-tamanho',
  'https://lojademo.com.br/institucional/sobre-nos',
]

export const VIDEOS = [
  'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  'https://www.youtube.com/watch?v=9bZkp7q19f0',
  'https://vimeo.com/76979871',
]

export const DOCUMENTS = [
  { name: 'Catálogo Verão 2026.pdf', mimetype: 'application/pdf' },
  { name: 'Manual do Cliente.pdf', mimetype: 'application/pdf' },
  { name: 'Tabela de Preços.xlsx', mimetype: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  {
    name: 'Procedimentos de Pós-venda.docx',
    mimetype: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
]

export const IDLE_MESSAGES = [
  'Oi! Ainda está por aí? Posso ajudar com mais alguma coisa?',
  'Vi que você não respondeu. Se quiser, continuamos de onde paramos.',
  'Vou encerrar este atendimento por inatividade. Quando quiser, é só mandar uma mensagem!',
]
