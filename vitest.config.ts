import vue from '@vitejs/plugin-vue'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url))

export default defineConfig({
  plugins: [vue()],
  resolve: {
    alias: { '@contract': r('./electron/contract'), '@': r('./src') },
  },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/contract/**/*.test.ts'],
    environment: 'node',
    // Renderer tests opt in with `// @vitest-environment happy-dom` at the top of the file.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
})
