import { defineConfig } from 'eslint/config'
import prettier from 'eslint-config-prettier/flat'
import vue from 'eslint-plugin-vue'
import tseslint from 'typescript-eslint'
import vueParser from 'vue-eslint-parser'
import layers from './eslint/layers.js'

export default defineConfig(
  {
    ignores: [
      '**/node_modules/**',
      'out/**',
      'dist/**',
      'release/**',
      'test-results/**',
      'playwright-report/**',
      'coverage/**',
      'docs/**',
    ],
  },
  tseslint.configs.recommended,
  vue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: {
      parser: vueParser,
      parserOptions: {
        parser: tseslint.parser,
        ecmaVersion: 'latest',
        sourceType: 'module',
        extraFileExtensions: ['.vue'],
      },
    },
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { layers },
    rules: {
      'layers/boundaries': 'error',
      // Components are named with their domain as prefix (STYLE.md); the root component is the exception.
      'vue/multi-word-component-names': ['error', { ignores: ['App'] }],
      // Untrusted text (messages, names from the service) is rendered as text, never as HTML (STYLE.md).
      'vue/no-v-html': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
        },
      ],
    },
  },
  prettier,
)
