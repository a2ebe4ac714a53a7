export default {
  title: 'Event webhooks',
  intro:
    'The service sends a POST request to an address when one of these events happens with this agent. Leave an address empty to not be notified of that event. All addresses are saved together.',
  placeholder: 'https://your-system.example/hooks/…',
  loadFailed: 'The webhook addresses could not be loaded.',
  saved: 'The webhook addresses were saved.',
  events: {
    onNewMessage: {
      name: 'New message',
      when: 'Fires when a new message arrives in one of the agent’s chats.',
    },
    onLackKnowLedge: {
      name: 'Question without an answer',
      when: 'Fires when the agent cannot answer a question because it lacks the knowledge.',
    },
    onTransfer: {
      name: 'Transfer to a person',
      when: 'Fires when the agent hands the conversation over to a human attendant.',
    },
    onFirstInteraction: {
      name: 'First conversation',
      when: 'Fires when a customer talks to the agent for the very first time.',
    },
    onStartInteraction: {
      name: 'Conversation starts',
      when: 'Fires every time a conversation with a customer begins.',
    },
    onFinishInteraction: {
      name: 'Conversation ends',
      when: 'Fires when a conversation with a customer is finished.',
    },
    onCreateEvent: {
      name: 'Booking made',
      when: 'Fires when the agent books an appointment or event for a customer.',
    },
    onCancelEvent: {
      name: 'Booking cancelled',
      when: 'Fires when a booking is cancelled.',
    },
  },
}
