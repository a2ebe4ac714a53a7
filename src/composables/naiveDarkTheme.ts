// naive's dark theme is every component's dark styles (~16 KB gzipped): a chunk of its own, loaded
// by `loadDarkTheme` only when the app is to be dark.
export { darkTheme } from 'naive-ui'
