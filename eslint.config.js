import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['**/dist/**', '**/generated/**', '**/routeTree.gen.ts', '**/node_modules/**', '**/.data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      // Prettier wraps code at 120 but cannot wrap strings, templates or comments: this catches those too.
      'max-len': ['error', { code: 120, tabWidth: 2, ignoreUrls: false }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The routers and the provider interface know no engine: the server alone picks the local model.
    files: ['packages/api/**/*.ts', 'packages/ai/**/*.ts', 'packages/core/**/*.ts', 'apps/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@promptly/ai-local', '@promptly/ai-local/*'],
              message: 'Depend on @promptly/ai (the interface); apps/server/src/ai picks the local model.',
            },
          ],
        },
      ],
    },
  },
  {
    // A module-level variable is state every app and test of the process shares unseen: two apps in
    // one process (tests, instances) would count, cache or configure together.
    files: ['apps/server/src/**/*.ts', 'packages/api/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/testing/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['Program > VariableDeclaration', 'Program > ExportNamedDeclaration > VariableDeclaration'].map(
          (parent) => ({
            selector: `${parent}[kind=/^(let|var)$/]`,
            message:
              'No module-level let/var: build shared state once in apps/server/src/services.ts, or pass ' +
              'per-request values through the context (packages/api/src/context.ts).',
          }),
        ),
      ],
    },
  },
  {
    // Sizes a reader can hold in their head: a whole module, a whole function. Tests and their helpers are exempt.
    files: ['**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/*.spec.ts', '**/testing/**', 'e2e/tests/**', 'e2e/support/**'],
    rules: {
      'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }],
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    files: ['**/*.bench.ts', '**/scripts/**', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
)
