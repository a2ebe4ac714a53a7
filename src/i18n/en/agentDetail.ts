export default {
  tabsLabel: 'Agent sections',
  back: 'All agents',
  notFound: 'This agent no longer exists on the service.',
  loadFailed: 'The agent could not be loaded.',
  refusedElsewhere:
    'The {tab} tab was not saved because of “{field}” here. Fix it and save this tab, then save the {tab} tab again: your edit there is kept.',
  tabs: {
    profile: 'Profile',
    behavior: 'Behavior',
    trainings: 'Trainings',
    webhooks: 'Webhooks',
  },
  leave: {
    title: 'Leave with unsaved changes?',
    content:
      'Your changes are not saved on the service yet. They stay here as a draft, so you can come back and save them.',
    confirm: 'Leave',
  },
  delete: {
    button: 'Delete agent',
    title: 'Delete this agent?',
    content:
      '“{name}” will be deleted from the service with its trainings, intentions and settings. This cannot be undone.',
    confirm: 'Delete “{name}”',
    done: '“{name}” was deleted.',
    failed: 'The agent was not deleted. {reason}',
  },
}
