// ESLint over the Node and browser code: src/, plugins/, scripts/, tests/ and the config files.
// Type-aware rules read the program of tsconfig.eslint.json (tsconfig.json plus the JavaScript files).
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  globalIgnores([
    'public/',
    '.cache/',
    'artifacts/',
    'coverage/',
    // Deno code (the Edge Function, its tests, and the wrapper that serves it in the local backend)
    // runs with Deno's globals and npm: imports, which this Node program cannot resolve; Deno's own
    // `deno lint` and `deno fmt` check it (npm run lint:deno).
    'supabase/functions/',
    'tests/functions/',
    'tools/local-supabase/deno-entry.mjs',
  ]),
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        project: './tsconfig.eslint.json',
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: {
      reportUnusedDisableDirectives: 'error',
    },
    rules: {
      // `const { dropped, ...rest } = value` is how the code leaves a field out of a copy.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },
  {
    files: ['**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Tests hand async callbacks to APIs that take them on purpose: React's act() flushes pending
    // promise work only in its async form, and helpers such as waitFor, withRole and the plugin's
    // driver factory take promise-returning functions. An async function without await is meant there.
    files: ['tests/**', 'plugins/*/tests/**'],
    rules: {
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Config files, scripts and test support written in plain JavaScript run under Node. They are
    // not type-checked (checkJs is off), so every value they get from JSON or an untyped module is
    // `any`: the no-unsafe-* rules would flag nearly every line there and find nothing. The
    // promise rules and the rest of the type-aware set still apply.
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    languageOptions: {
      globals: globals.node,
    },
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // CommonJS modules (Jest, PostCSS and the Node helpers load them with require): require is
    // their import.
    files: ['**/*.cjs', '**/*.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: {
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
);
