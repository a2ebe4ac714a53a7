export default {
  on: 'On',
  off: 'Off',
  offTitle: 'This agent is switched off: it does not answer its channels',
  training: 'Learning',
  column: 'State',
  switchLabel: '{name} answers customers',
  turnOff: {
    title: 'Switch {name} off?',
    content:
      '{name} stops answering on all of its channels until it is switched on again. Chats stay as they are; nothing is deleted.',
    confirm: 'Switch off',
  },
  doneOn: '{name} is on: it answers its channels again.',
  doneOff: '{name} is off: it no longer answers.',
  failed: 'The agent could not be switched: {reason}',
  offlineRefused: 'You are offline: switching an agent needs the service. Try again when you are back online.',
}
