// ESLint (issue 17): typescript-eslint's recommended rules, plus the type-aware ones that catch what bites a game
// server — promises nobody awaits or catches, promises passed where a callback returns void, awaiting non-promises.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'test-artifacts/**', 'data/**', 'packages/client/vite.config.ts', '**/*.js', '**/*.mjs', '**/*.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { parserOptions: { project: './tsconfig.lint.json', tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false, attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Tests, test harnesses, benchmarks and the network bot read untyped wire state (colyseus.js' room.state) and
    // poke at internals on purpose: \`any\` is allowed there, not in the game, server or client code.
    files: ['tests/**', '**/*.test.ts', 'packages/server/src/testing/**', '**/bench.ts', 'packages/server/src/bot-cli.ts', 'packages/server/src/loadtest/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
