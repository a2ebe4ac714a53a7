export default {
  list: {
    title: 'Agents',
    filter: 'Filter by name',
    filterPlaceholder: 'Type part of a name',
    columns: {
      name: 'Name',
      goal: 'Goal',
      communication: 'Communication',
      job: 'Works for',
    },
    empty: 'This workspace has no agents yet. Create the first one with “New agent”.',
    emptyFiltered: 'No agent name contains “{query}”. Try another part of the name or clear the filter.',
    clearFilter: 'Clear filter',
    loadFailed: 'The agents could not be loaded.',
    noName: '(no name)',
    openHint: 'Press Enter to open',
  },
  goal: {
    SUPPORT: 'Support',
    SALE: 'Sales',
    PERSONAL: 'Personal',
  },
  communication: {
    FORMAL: 'Formal',
    NORMAL: 'Normal',
    RELAXED: 'Relaxed',
  },
}
