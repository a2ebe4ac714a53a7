export * from './atomicFile'
export * from './settingsFile'
