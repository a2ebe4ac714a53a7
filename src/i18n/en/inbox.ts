export default {
  views: {
    label: 'Views',
    needsPerson: 'Needs a person',
    needsPersonHint: 'A person is answering and the customer wrote last',
    unread: 'Unread',
    unreadHint: 'Chats with messages nobody has read',
    ai: 'AI answering',
    aiHint: 'The AI is answering and the chat is open',
    finished: 'Finished',
    finishedHint: 'Finished chats',
    all: 'All',
    allHint: 'Every chat',
    count: '{view}: {n}',
  },
  channel: 'Channel',
  allChannels: 'All channels',
  source: {
    cache: 'The 1 chat of the offline copy, filtered at once | All {n} chats of the offline copy, filtered at once',
    cacheOne: 'The offline copy, filtered at once',
    page: 'Views filter this page of the service only; make the chats available offline to filter every chat.',
  },
  showMore: 'Show more',
  loadFailed: 'The offline copy could not be read.',
  empty: 'No chat in this view.',
  sender: {
    customer: 'Customer',
    ai: 'AI',
  },
  answering: {
    ai: 'AI answering',
    person: '{name} answering',
    someone: 'A person is answering',
  },
  rowLabel: '{name}, {answering}, {channel}',
  keys: {
    hint: 'Alt+U next unread · Alt+T take over',
  },
  palette: {
    nextChat: 'Chats: open the next chat',
    previousChat: 'Chats: open the previous chat',
    nextUnread: 'Chats: open the next unread chat',
  },
}
