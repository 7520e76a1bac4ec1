import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

const FEATURE_BOUNDARY = {
  regex: '^\\.\\./(?!\\.\\./)|/features/',
  message: 'A feature imports only components/, kit/, api/, app/ and @costlens/shared.',
}
const KIT_BOUNDARY = { regex: '/features/', message: 'The kit knows no feature.' }
const NO_TEST_DATA = {
  regex: '(^|/)test/|-test-',
  message: 'Shipped modules do not import test data or stubs: keep them beside the tests.',
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.tsbuild/**',
      'data/**',
      'bench/data/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Feature boundaries (ARCHITECTURE style 10): a feature imports the kit (components/, kit/), the
  // API (api/), the app's hooks (app/) and @costlens/shared, never another feature, so a screen can be
  // moved or removed alone; what two features share moves to the kit. The kit knows no feature (the
  // screen loaders in app/screens.ts are the one place that maps a route to its screen). Test data and
  // stubs live beside the tests (client/test, *.test.tsx, *-test-*.ts), and no shipped module imports them.
  ...restrictImports('client/src/features/**/*.{ts,tsx}', [FEATURE_BOUNDARY]),
  ...restrictImports('client/src/{components,kit,api}/**/*.{ts,tsx}', [KIT_BOUNDARY]),
  ...restrictImports('client/src/app/**/*.{ts,tsx}', []),
)

/** The boundary rule for a folder: its patterns in tests, plus "no test data" in shipped modules. */
function restrictImports(files, patterns) {
  const tests = ['client/src/**/*.test.{ts,tsx}', 'client/src/**/*-test-*.{ts,tsx}']
  const rule = (list) => ({ 'no-restricted-imports': ['error', { patterns: list }] })
  return [
    ...(patterns.length ? [{ files: [files], rules: rule(patterns) }] : []),
    { files: [files], ignores: tests, rules: rule([...patterns, NO_TEST_DATA]) },
  ]
}
