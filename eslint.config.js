import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

// Bounded contexts (the folders of lambdas/) use each other only through their public module,
// lambdas/<context>/public.ts; platform/ is shared infrastructure that every context may import.
const CONTEXTS = readdirSync(new URL('./lambdas/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'platform')
  .map((entry) => entry.name);

const boundaries = CONTEXTS.map((context) => {
  const others = CONTEXTS.filter((other) => other !== context).join('|');
  const allowed = 'public';
  return {
    files: [`lambdas/${context}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./)+(lambdas/)?(${others})/(?!(${allowed})$)`,
              message: 'Another context is reached only through its public module (lambdas/<context>/public.ts).',
            },
          ],
        },
      ],
    },
  };
});

export default tseslint.config(
  { ignores: ['node_modules', 'cdk.out', 'web/dist', '.local', 'test-results', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  ...boundaries,
);
