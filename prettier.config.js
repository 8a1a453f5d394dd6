/**
 * One formatting for the whole tree, checked by `npm run lint`: lines a reader can see whole
 * (120 columns), and imports sorted so a diff never argues about their order.
 * @type {import('prettier').Config}
 */
export default {
  printWidth: 120,
  semi: false,
  singleQuote: true,
  trailingComma: 'all',
  plugins: ['@ianvs/prettier-plugin-sort-imports'],
  importOrder: ['<BUILTIN_MODULES>', '<THIRD_PARTY_MODULES>', '', '^@promptly/(.*)$', '', '^[.]'],
  importOrderTypeScriptVersion: '5.9.3',
}
