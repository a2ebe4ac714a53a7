import type { Chat, ChatMessage } from '../../contract/resources/chat'
import type { Contact } from '../../contract/resources/contact'
import * as text from '../demoTexts'
import { mediaPath } from '../media'
import { SeededRandom } from '../seededRandom'
import type { SandboxStore } from '../store'
import { AGENTS, type AgentSeed, foldedWord } from './agents'
import {
  ACCENTED_CONTACT,
  agentId,
  BIG_CHAT_CONTACT,
  BIG_CHAT_MESSAGES,
  channelId,
  CHANNELS,
  CHAT_COUNT,
  CONTACT_COUNT,
  contactId,
  CUSTOM_FIELDS,
  DAY,
  OPERATORS,
  SEED_NOW,
  WORKSPACE_ID,
} from './facts'

/**
 * The demo contacts, chats and messages, the chat of 100,000 messages included.
 */

export function seedContacts(store: SandboxStore, rng: SeededRandom): Contact[] {
  const insert = store.contacts.inserter()
  const phones = new Set<string>([BIG_CHAT_CONTACT.phone, ACCENTED_CONTACT.phone])
  const contacts: Contact[] = []
  for (let i = 0; i < CONTACT_COUNT; i++) {
    const female = i === 0 || (i !== 1 && rng.chance(0.5))
    let name: string
    let phone: string
    if (i === 0) ({ name, phone } = BIG_CHAT_CONTACT)
    else if (i === 1) ({ name, phone } = ACCENTED_CONTACT)
    else {
      name = `${rng.pick(female ? text.FEMALE_NAMES : text.MALE_NAMES)} ${rng.pick(text.SURNAMES)} ${rng.pick(text.SURNAMES)}`
      do phone = `55119${rng.digits(8)}`
      while (phones.has(phone))
      phones.add(phone)
    }
    const words = name.split(' ')
    const birth = Date.UTC(rng.int(1955, 2006), rng.int(0, 11), rng.int(1, 28))
    const contact: Contact = {
      id: contactId(i),
      name,
      birthday: birth,
      gender: female ? 'FEMALE' : 'MALE',
      picture: i < 2 || rng.chance(0.6) ? mediaPath(`avatar-contact-${i}-256x256.png`) : null,
      phone,
      email: rng.chance(0.85)
        ? `${foldedWord(words[0])}.${foldedWord(words[words.length - 1])}${i}@${rng.pick(text.EMAIL_DOMAINS)}`
        : null,
      jobTitle: rng.chance(0.7) ? rng.pick(text.JOB_TITLES) : null,
      recipient: phone,
      customFieldValues: [
        { customFieldId: CUSTOM_FIELDS.plan, value: rng.pick(text.PLANS) },
        { customFieldId: CUSTOM_FIELDS.city, value: rng.pick(text.CITIES) },
        {
          customFieldId: CUSTOM_FIELDS.customerSince,
          value: new Date(SEED_NOW - rng.int(30, 2000) * DAY).toISOString().slice(0, 10),
        },
      ],
    }
    insert(WORKSPACE_ID, contact)
    contacts.push(contact)
  }
  return contacts
}

const IMAGE_SIZES: [number, number][] = [
  [1280, 960],
  [960, 1280],
  [800, 600],
  [1080, 1080],
  [640, 480],
]

/** Makes the messages of one conversation, oldest first; every role and media kind can appear. */
class ConversationWriter {
  private media = 0
  count = 0
  first: ChatMessage | undefined
  last: ChatMessage | undefined

  constructor(
    private readonly rng: SeededRandom,
    private readonly save: (m: ChatMessage) => void,
  ) {}

  /** Only the keys a message uses: the store answers the unused ones as null. */
  private base(time: number): ChatMessage {
    return { id: this.rng.hexId(), role: 'user', type: 'TEXT', text: '', time }
  }

  customerText(time: number, opening: boolean): ChatMessage {
    const m = this.base(time)
    m.text = this.rng.pick(opening ? text.CUSTOMER_OPENINGS : text.CUSTOMER_MESSAGES)
    return this.emit(m)
  }

  agentText(time: number): ChatMessage {
    const m = this.base(time)
    m.role = 'assistant'
    m.text = this.rng.pick(text.AGENT_REPLIES)
    return this.emit(m)
  }

  operatorText(time: number): ChatMessage {
    const m = this.base(time)
    const op = this.rng.pick(OPERATORS)
    m.role = 'assistant'
    m.text = this.rng.pick(text.OPERATOR_REPLIES)
    m.userId = op.id
    m.userName = op.name
    m.userPicture = op.picture
    return this.emit(m)
  }

  image(time: number, role: 'user' | 'assistant'): ChatMessage {
    const m = this.base(time)
    const [w, h] = this.rng.pick(IMAGE_SIZES)
    m.role = role
    m.type = 'IMAGE'
    m.text = this.rng.pick(text.IMAGE_CAPTIONS)
    m.imageUrl = mediaPath(`image-${this.media++ % 40}-${w}x${h}.png`)
    m.width = w
    m.height = h
    return this.emit(m)
  }

  audio(time: number): ChatMessage {
    const m = this.base(time)
    m.type = 'AUDIO'
    m.audioUrl = mediaPath(`audio-${this.media++ % 12}.wav`)
    m.midiaContent = this.rng.pick(text.AUDIO_TRANSCRIPTIONS)
    return this.emit(m)
  }

  document(time: number, role: 'user' | 'assistant'): ChatMessage {
    const m = this.base(time)
    const fileName = this.rng.pick(text.DOCUMENT_NAMES)
    m.role = role
    m.type = 'DOCUMENT'
    m.documentUrl = mediaPath(fileName)
    m.fileName = fileName
    return this.emit(m)
  }

  notification(time: number, kind: 'START_INTERACTION_HUMAN' | 'TRANSFER_AGENT' | 'TRANSFER_QUEUE'): ChatMessage {
    const m = this.base(time)
    m.role = 'system'
    m.type = 'NOTIFICATION'
    m.conversationNotificationType = kind
    m.text =
      kind === 'START_INTERACTION_HUMAN'
        ? 'Atendimento iniciado por um atendente humano'
        : kind === 'TRANSFER_AGENT'
          ? 'Conversa transferida para outro agente'
          : 'Conversa transferida para a fila de atendimento'
    return this.emit(m)
  }

  private emit(m: ChatMessage): ChatMessage {
    this.save(m)
    this.first ??= m
    this.last = m
    this.count++
    return m
  }

  /** One step of a conversation: a customer turn, then the answer of the AI or of the operator. */
  turn(time: () => number, human: boolean): ChatMessage {
    const r = this.rng.next()
    if (r < 0.1) this.image(time(), 'user')
    else if (r < 0.18) this.audio(time())
    else if (r < 0.23) this.document(time(), 'user')
    else this.customerText(time(), false)
    const a = this.rng.next()
    if (human) return this.operatorText(time())
    if (a < 0.04) return this.document(time(), 'assistant')
    if (a < 0.06) return this.image(time(), 'assistant')
    return this.agentText(time())
  }

  /** A fixed tail so the newest page of a chat shows every role, media and notification kind. */
  showcase(time: () => number): ChatMessage {
    this.customerText(time(), true)
    this.agentText(time())
    this.image(time(), 'user')
    this.audio(time())
    this.document(time(), 'user')
    this.notification(time(), 'TRANSFER_AGENT')
    this.notification(time(), 'TRANSFER_QUEUE')
    this.notification(time(), 'START_INTERACTION_HUMAN')
    this.operatorText(time())
    this.document(time(), 'assistant')
    return this.customerText(time(), false)
  }
}

const SHOWCASE_LENGTH = 11

export function seedChats(store: SandboxStore, rng: SeededRandom, contacts: Contact[], bigChat: boolean): number {
  const insertChat = store.chats.inserter()
  const insertMessage = store.messages.inserter()
  let messages = 0
  const linked = CHANNELS.filter((c) => c.agent !== null)
  // Busier channels get more chats.
  const weights = linked.map((c) => (c.key === 'whatsapp' ? 6 : c.key === 'cloudApi' || c.key === 'instagram' ? 3 : 1))
  const total = weights.reduce((a, b) => a + b, 0)

  for (let i = 0; i < CHAT_COUNT; i++) {
    const contact = contacts[i]
    let channel = linked[0]
    if (i > 0) {
      let r = rng.next() * total
      for (let k = 0; k < linked.length; k++) {
        r -= weights[k]
        if (r < 0) {
          channel = linked[k]
          break
        }
      }
    }
    const agentSeed = AGENTS.find((a) => a.key === channel.agent) as AgentSeed
    const chatId = `${channelId(channel.key)}-${contact.phone}`
    const writer = new ConversationWriter(rng, (m) => insertMessage(chatId, m))
    const isBig = i === 0
    const humanTalk = isBig || rng.chance(0.15)
    const finished = !humanTalk && rng.chance(0.4)
    if (isBig) {
      let t = SEED_NOW - 200 * DAY
      const gap = () => (t += rng.int(20, 320) * 1000)
      const target = bigChat ? BIG_CHAT_MESSAGES : 40
      writer.customerText(gap(), true)
      writer.agentText(gap())
      while (writer.count < target - SHOWCASE_LENGTH - 1) {
        writer.turn(gap, false)
        if (rng.chance(0.002))
          writer.notification(gap(), rng.pick(['TRANSFER_QUEUE', 'START_INTERACTION_HUMAN'] as const))
      }
      while (writer.count < target - SHOWCASE_LENGTH) writer.customerText(gap(), false)
      writer.showcase(gap)
    } else {
      const length = rng.int(8, 44)
      let t = SEED_NOW - rng.int(5, 60 * 24 * 60) * 60_000 - length * 10 * 60_000
      const gap = () => (t += rng.int(15, 20 * 60) * 1000)
      writer.customerText(gap(), true)
      writer.agentText(gap())
      let handedOver = false
      while (writer.count < length) {
        // A human chat is handed to an operator half way through, with a notice.
        if (humanTalk && !handedOver && writer.count > length / 2) {
          writer.notification(gap(), rng.chance(0.3) ? 'TRANSFER_QUEUE' : 'START_INTERACTION_HUMAN')
          handedOver = true
        }
        writer.turn(gap, handedOver)
        if (!humanTalk && rng.chance(0.03)) writer.notification(gap(), 'TRANSFER_AGENT')
      }
    }
    messages += writer.count
    const lastMessage = writer.last as ChatMessage
    const firstMessage = writer.first as ChatMessage
    const operator = humanTalk ? OPERATORS[i % OPERATORS.length] : null
    const unread = lastMessage.role === 'user' && !finished ? rng.int(1, 6) : 0
    const chat: Chat = {
      id: chatId,
      name: contact.name,
      title: null,
      recipient: contact.phone,
      whatsappPhone: ['WHATSAPP', 'CLOUD_API', 'Z_API'].includes(channel.type) ? contact.phone : null,
      picture: contact.picture,
      avatar: contact.picture,
      agentId: agentId(agentSeed.key),
      agentName: agentSeed.name,
      humanTalk,
      finished,
      read: unread === 0,
      unReadCount: unread,
      role: lastMessage.role,
      type: channel.type,
      conversationType: 'CHAT',
      conversation: lastMessage.text || lastMessage.fileName || lastMessage.midiaContent || '',
      userId: operator?.id ?? null,
      userName: operator?.name ?? null,
      userPicture: operator?.picture ?? null,
      messageUserName: lastMessage.userName ?? null,
      createdAt: firstMessage.time,
      time: lastMessage.time,
      isGroup: false,
      channelId: channelId(channel.key),
    }
    insertChat(WORKSPACE_ID, channelId(channel.key), chat)
  }
  return messages
}
