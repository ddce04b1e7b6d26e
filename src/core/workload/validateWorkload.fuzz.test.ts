import { test } from 'node:test';
import fc from 'fast-check';
import { ApiError } from '../../shared/errors.ts';
import { fuzz, numberText, oddText } from '../testing/fuzzCheck.ts';
import { mutatedJson } from '../testing/fuzzJson.ts';
import { Prng } from '../datagen/prng.ts';
import { ConnectionCounters } from '../ldap/connectionCounters.ts';
import { loadCatalogData } from './catalogs.ts';
import { CompiledWorkload } from './compileWorkload.ts';
import type { EntryPicker } from './entryPicker.ts';
import { validateWorkloadSpec } from './validateWorkload.ts';

// Every built-in study test is a valid starting point; edits then break it the ways hand edits do.
const bases = loadCatalogData().catalogs.flatMap((c) => c.workloads.map((w) => structuredClone(w)));
const fragments = fc.oneof(
  fc.constantFrom(
    '[',
    ']',
    '[[',
    '(',
    ')',
    ',',
    '=',
    '*',
    '\\',
    '[unique]',
    '[1-10]',
    '[entry:cn]',
    '[ref:9]',
    '%0',
    ' ',
  ),
  numberText,
  oddText,
);

// Values the [entry:...] tokens of the catalog read; any attribute answers with a plain word.
const picker: EntryPicker = {
  size: 10,
  attributes: [],
  dn: (i) => `uid=user.${i},ou=People,o=Salford,c=gb`,
  entry: (i) => {
    const value = (name: string | symbol): string => (name === 'dn' ? `uid=user.${i},o=x` : 'v');
    return new Proxy(
      {},
      {
        get: (_t, name) => value(name),
        getOwnPropertyDescriptor: (_t, name) => ({
          value: value(name),
          configurable: true,
          enumerable: true,
        }),
      },
    );
  },
};

test('workload files: edited study tests validate or raise a validation error; accepted ones compile', async () => {
  await fuzz(
    'workload spec',
    mutatedJson(bases, fragments),
    (input) => {
      const spec = validateWorkloadSpec(input);
      const workload = new CompiledWorkload(spec, {
        rng: new Prng(1),
        picker,
        uniquePrefix: 'f',
        sequence: { offset: 0, stride: 1 },
        params: {
          url: 'ldap://127.0.0.1:1',
          startTls: false,
          bindDn: '',
          password: '',
          tcpNoDelay: true,
        },
        counters: new ConnectionCounters(),
        passwordFiles: {},
      });
      // Expanding ops is what every worker does per request: it must not throw either.
      for (let i = 0; i < 3; i++) workload.next();
    },
    (err) => err instanceof ApiError && err.kind === 'validation' && typeof err.field === 'string',
  );
});
