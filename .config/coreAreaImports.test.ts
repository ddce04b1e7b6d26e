import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { checkLayered, coreAreaImports } from './coreAreaImports.ts';

RuleTester.describe = describe;
RuleTester.it = it;

const areas = { base: [], ldap: ['base'], runs: ['base', 'ldap'], testing: ['*'], app: ['*'] };
const options = [{ areas }];
const at = (path: string): string => join(process.cwd(), path);

new RuleTester({ languageOptions: { parser: tseslint.parser } }).run(
  'core-area-imports',
  coreAreaImports,
  {
    valid: [
      { filename: at('src/core/runs/a.ts'), options, code: "import { b } from '../ldap/b.ts';" },
      { filename: at('src/core/ldap/a.ts'), options, code: "import { v } from './v.ts';" },
      { filename: at('src/core/ldap/a.ts'), options, code: "import { Client } from 'ldapts';" },
      { filename: at('src/core/ldap/a.test.ts'), options, code: "import '../runs/r.ts';" },
      { filename: at('src/core/testing/a.ts'), options, code: "import '../runs/r.ts';" },
      { filename: at('src/cli/a.ts'), options, code: "import '../core/app/core.ts';" },
    ],
    invalid: [
      {
        filename: at('src/core/ldap/a.ts'),
        options,
        code: "import type { R } from '../runs/r.ts';\nexport * from '../runs/s.ts';",
        errors: [{ messageId: 'notAllowed' }, { messageId: 'notAllowed' }],
      },
      {
        filename: at('src/core/ldap/lean/a.ts'),
        options,
        code: "const r = import('../../runs/r.ts');",
        errors: [
          { messageId: 'notAllowed', data: { area: 'ldap', target: 'runs', allowed: 'base' } },
        ],
      },
      {
        filename: at('src/core/testing/a.ts'),
        options,
        code: "import { core } from '../app/core.ts';",
        errors: [{ messageId: 'notAllowed' }],
      },
      {
        filename: at('src/core/fresh/a.ts'),
        options,
        code: 'export const a = 1;',
        errors: [{ messageId: 'unknownArea' }],
      },
    ],
  },
);

it('an allow-list naming an area listed after it is refused: the areas would form a circle', () => {
  assert.throws(
    () => checkLayered({ base: [], ldap: ['base', 'runs'], runs: ['ldap'] }),
    /ldap may name only areas listed before it, not runs/,
  );
  checkLayered(areas);
});
