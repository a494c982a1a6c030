// ESLint flat config.
// - typescript-eslint's `recommended` rules, plus the two type-aware rules that catch async mistakes
//   (`no-floating-promises`: a promise nobody awaits or handles; `no-misused-promises`: a promise where a
//   void callback or a condition is expected). They need a TypeScript program (the project service), which
//   makes a run slower; the rest of the type-checked set (no-unsafe-* on supertest's `any` bodies,
//   no-base-to-string on deliberate String(unknown) conversions) is noise for this code base and stays off.
// - Formatting is prettier's job alone: eslint-config-prettier comes last and turns off every rule
//   that would fight it.
// - Import boundaries between layers are checked by test/architecture, not here.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

// Node's globals for the plain CommonJS scripts (TypeScript files get theirs from @types/node).
const nodeGlobals = Object.fromEntries(
  [
    '__dirname',
    '__filename',
    'AbortController',
    'AbortSignal',
    'Buffer',
    'clearImmediate',
    'clearInterval',
    'clearTimeout',
    'console',
    'fetch',
    'performance',
    'process',
    'queueMicrotask',
    'setImmediate',
    'setInterval',
    'setTimeout',
    'structuredClone',
    'TextDecoder',
    'TextEncoder',
    'URL',
    'URLSearchParams',
  ].map((name) => [name, 'readonly']),
);

// The web console's browser modules (src/console/public): plain ES modules, no bundler.
const browserGlobals = Object.fromEntries(
  [
    'atob',
    'btoa',
    'confirm',
    'console',
    'document',
    'fetch',
    'FormData',
    'history',
    'location',
    'Node',
    'sessionStorage',
    'TextEncoder',
    'URLSearchParams',
    'window',
  ].map((name) => [name, 'readonly']),
);

export default defineConfig(
  // Scripts under test/fixtures are model resources run in the script sandbox, not project code.
  globalIgnores(['dist/', 'dist-tmp/', 'coverage/', 'data/', 'test/fixtures/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      // Production code uses `any` only behind an eslint-disable comment that says why.
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // Tests read untyped JSON (supertest's `res.body` is `any` already) and stub untyped libraries;
    // `(x: any) =>` over such data adds no unsafety, so it needs no comment there.
    files: ['test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.cjs', '**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: nodeGlobals },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src/console/public/**/*.js'],
    languageOptions: { sourceType: 'module', globals: browserGlobals },
  },
  prettier,
);
