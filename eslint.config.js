import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import larder from './eslint/feature-boundaries.js'

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/test-results/**', '**/playwright-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    // decision 0026: an order's state changes only through modules/orders/order-state.ts.
    files: ['apps/server/src/modules/payments/**/*.ts'],
    ignores: ['**/*.test.ts', '**/payments-test-helpers.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/orders/orders.repository'],
              importNames: ['createOrdersRepository', 'OrdersRepository'],
              message: 'Payments changes orders through OrderState (modules/orders/order-state.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { larder },
    rules: {
      'larder/feature-boundaries': 'error',
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'lucide-react',
              importNames: ['ShoppingBasket', 'ShoppingBasketIcon'],
              message: 'Use components/shopping-basket-icon: the same basket in one path.',
            },
          ],
          patterns: [
            {
              group: ['**/server/**', 'drizzle-orm*', 'pg'],
              message: 'The web app never imports server code.',
            },
            {
              // Each script runs as it loads: in the app's bundle it would run a second time, late.
              group: [
                '**/inline-scripts/*',
                '!**/inline-scripts/names',
                '!**/inline-scripts/*?inline-script',
              ],
              message:
                "An inline script runs when imported: take its compiled code ('…?inline-script') or its names (inline-scripts/names).",
            },
          ],
        },
      ],
    },
  },
)
