export default {
  toolSwitch: 'The agent may use {name}',
  finishExplain:
    'After signing in, the provider shows or sends back a code. Paste it here to finish connecting (the state is filled in from the authorization link).',
  code: 'Authorization code',
  state: 'State',
  finish: 'Finish connecting',
  codeNeeded: 'Paste the authorization code (and the state) first.',
  connected: 'The connection is finished: the agent can use its tools.',
  failed: 'Not done: {reason}',
}
