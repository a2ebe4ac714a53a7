// Runs before `npm run dev` and `npm start`: electron-vite needs the Electron binary, which
// `npm ci` does not download (Electron has no install script). If it is missing, fetch it once with
// Electron's own installer; where that is impossible, say so plainly instead of electron-vite's
// "Electron uninstall".
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

const require = createRequire(import.meta.url)
const electronDir = path.dirname(require.resolve('electron/package.json'))
const { version } = require('electron/package.json')

function installed() {
  try {
    const exe = readFileSync(path.join(electronDir, 'path.txt'), 'utf8')
    const distVersion = readFileSync(path.join(electronDir, 'dist', 'version'), 'utf8')
      .replace(/^v/, '')
      .trim()
    return distVersion === version && existsSync(path.join(electronDir, 'dist', exe))
  } catch {
    return false
  }
}

if (process.env.ELECTRON_EXEC_PATH || installed()) process.exit(0)

console.log(
  `Agent Desk: the Electron ${version} binary is not installed yet; downloading it once (Electron's installer)…`,
)
const env = { ...process.env }
delete env.ELECTRON_SKIP_BINARY_DOWNLOAD
const run = spawnSync(process.execPath, [path.join(electronDir, 'install.js')], { stdio: 'inherit', env })
if (run.status === 0 && installed()) process.exit(0)

console.error(
  [
    '',
    `Agent Desk could not download Electron ${version} (see the error above).`,
    'It comes from GitHub (or the mirror in ELECTRON_MIRROR); this machine may have no access to it.',
    'Retry with network access (`node node_modules/electron/install.js`), point ELECTRON_EXEC_PATH at an',
    'installed Electron of that version, or open the app in a browser instead: npm run preview:browser',
  ].join('\n'),
)
process.exit(1)
