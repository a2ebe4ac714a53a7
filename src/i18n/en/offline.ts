export default {
  sync: {
    makeAvailable: 'Make available offline',
    makeAgentAvailable: "Make this agent's chats available offline",
    update: 'Update offline copy',
    cancel: 'Cancel',
    starting: 'Reading the chat list…',
    progress: '{done} of {total} chats · {messages} new messages',
    current: 'Now: {name}',
    done: 'Available offline · {messages} new messages',
    cancelled: 'Stopped. The next run goes on from where it stopped.',
    failed: 'Could not finish: {message}',
    lastSynced: 'Offline copy from {when}',
    stoppedChatList: 'The chat list was stopped after {pages} pages: the service kept sending new pages.',
    stoppedChat: 'Chat {chat} was stopped after {pages} pages: the service kept sending new pages.',
    stoppedBudget:
      'Stopped at the storage budget for offline data (Settings › Offline data). What was saved stays; raise the budget to go on.',
  },
  search: {
    placeholder: 'Search cached messages',
    label: 'Search messages saved for offline use',
    searching: 'Searching…',
    noMatch: 'No cached message matches “{query}”.',
    hint: 'Only chats made available offline (or opened before) are searched.',
    unnamedChat: 'Chat {id}',
    failed: 'Search failed: {message}',
    roles: { user: 'Customer', assistant: 'Agent', system: 'System', tool: 'Tool' },
  },
  settings: {
    title: 'Offline data',
    description: 'Chats made available offline are kept encrypted on this computer, one file per profile.',
    size: '{size} · {chats} chats · {messages} messages',
    none: 'Nothing is saved for offline use.',
    clear: 'Clear offline data',
    clearTitle: 'Clear offline data?',
    clearContent:
      'The saved chats and messages of “{profile}” are deleted from this computer; the service keeps them. Messages waiting to be sent, unsaved drafts, agent tests and MCP connections are not on the service: they are kept.',
    cleared: 'Offline data cleared',
    rebuilt:
      'The offline data was damaged or unreadable and has been reset; messages waiting to be sent, drafts, agent tests and MCP connections were carried over. Make chats available offline again.',
    scopeWorkspace: 'Whole workspace',
    scopeAgent: 'Agent {id}',
    budget: 'Storage budget for offline data',
    budgetUse: '{used} of {budget} used',
    budgetHint: 'Making chats available offline stops when all profiles’ offline data reach this size.',
    refresh: 'Kept current every {minutes} minutes while online.',
    refreshOff: 'Not refreshed automatically.',
    unavailableTitle: 'Offline data is off for this profile',
    unavailable: {
      driver:
        'The database module of the app could not be loaded, so nothing is kept for offline use. Your offline file is untouched. Reinstalling the app usually fixes this.',
      open: 'The offline file could not be opened (it may be in use, or this account cannot read it). It was left as it is.',
      undecryptable:
        'The offline file cannot be decrypted with the key kept in this computer’s keychain. It was left as it is; start a new offline copy to use offline data again.',
      newer_schema:
        'The offline file was written by a newer version of Agent Desk. It was left as it is: update the app to use it, or start a new offline copy.',
      keychain_waiting:
        'Waiting for the keychain: the system keychain has not answered yet (it may be locked). The offline file is left as it is and opens as soon as the keychain answers.',
      key_missing:
        'The key of the offline file was not found: the keychain that keeps it did not answer. The file is set aside, unchanged, with any messages waiting to be sent; unlock the keychain and try again, or restart the app.',
    },
    retry: 'Try again',
    setAside: {
      key_missing: 'Set aside on {when} ({size}): its key was not found. It opens again when the key is back.',
      damaged: 'Set aside on {when} ({size}): damaged, kept to inspect.',
    },
    unavailableSize: '{size} on disk · cannot be read now',
    startNew: 'Start a new offline copy',
    startNewContent:
      'The offline file of “{profile}” that cannot be used is set aside (kept on this computer) and a new, empty one is started. The service keeps the chats; messages waiting to be sent that can be read are carried over.',
  },
}
