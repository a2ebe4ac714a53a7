export default {
  create: 'New intention',
  title: 'New intention',
  createLead:
    'The agent calls this web address when a customer asks for what the description says. Fields, headers and the request body are set in the editor after creating.',
  description: 'Description',
  descriptionPlaceholder: 'e.g. Check the status of an order',
  details: 'When the agent should use it',
  method: 'Method',
  url: 'Web address',
  autoParams: 'Let the agent fill the query parameters',
  autoBody: 'Let the agent write the request body',
  submit: 'Create intention',
  created: 'The intention {name} was created. Open it to add fields and headers.',
  delete: 'Delete',
  deleteLabel: 'Delete {name}',
  deleteConfirm: {
    title: 'Delete {name}?',
    content:
      'The agent can no longer call this web address. Its fields, headers, parameters and request body are lost; this cannot be undone.',
    confirm: 'Delete intention',
  },
  deleted: 'The intention {name} was deleted.',
  failed: 'Not done: {reason}',
  offline: 'You are offline: creating and deleting intentions need the service.',
}
