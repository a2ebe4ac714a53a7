import vue from '@vitejs/plugin-vue'
import { defineConfig } from 'electron-vite'
import { fileURLToPath } from 'node:url'

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url))

const alias = { '@contract': here('./electron/contract'), '@': here('./src') }

// Native modules cannot be bundled, and electron-updater loads parts of itself at run time.
const mainExternals = ['keytar', 'better-sqlite3-multiple-ciphers', 'electron-updater']

export default defineConfig(({ mode }) => {
  // Source maps only while developing: a packaged app ships none.
  const sourcemap = mode === 'development'
  return {
    main: {
      resolve: { alias },
      build: {
        sourcemap,
        // Bundle pure-JS dependencies (zod, ofetch) so the package needs only the externals below.
        externalizeDeps: false,
        rolldownOptions: {
          // The cache worker is an entry of its own: the main process starts it as a worker thread
          // from `cacheWorker.js` beside `index.js` (see electron/core/cache/workerThread.ts).
          input: {
            index: here('./electron/main/index.ts'),
            cacheWorker: here('./electron/core/cache/cacheWorker.ts'),
          },
          external: [...mainExternals, ...mainExternals.map((name) => new RegExp(`^${name}/`))],
        },
      },
    },
    preload: {
      resolve: { alias },
      build: {
        sourcemap,
        // A sandboxed preload cannot require anything but `electron`: one self-contained CJS file.
        externalizeDeps: false,
        isolatedEntries: true,
        rolldownOptions: {
          input: { index: here('./electron/preload/index.ts') },
          output: { format: 'cjs', entryFileNames: '[name].cjs' },
        },
      },
    },
    renderer: {
      root: here('./src'),
      resolve: { alias },
      plugins: [vue()],
      build: {
        sourcemap,
        outDir: here('./out/renderer'),
        minify: mode === 'production',
        // Routes are loaded with dynamic import(); leave chunking to the bundler so each is its own file,
        // except for what index.html loads at once (`$initial`: statically reached from the entry):
        // one file, not a dozen slivers split by which routes also use them.
        rolldownOptions: {
          input: { index: here('./src/index.html') },
          output: { codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] } },
        },
      },
    },
  }
})
