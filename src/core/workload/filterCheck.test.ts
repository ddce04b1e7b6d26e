import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Prng } from '../datagen/prng.ts';
import { ApiError } from '../../shared/errors.ts';
import { OpContext } from './opContext.ts';
import { escapeFilterValue } from './filterContext.ts';
import { searchRequestBuilder } from './ops/search.ts';
import type { OpTools } from './ops/opTypes.ts';
import { parseValuePattern } from '../pattern/index.ts';
import { filterSkeleton } from './filterCheck.ts';
import { filterPatternField } from './patternFields.ts';

function rejection(filter: string): ApiError {
  try {
    filterPatternField(filter, 'operations[0].operation.filter', {});
  } catch (err) {
    assert.ok(err instanceof ApiError);
    return err;
  }
  assert.fail(`expected ${JSON.stringify(filter)} to be rejected`);
}

// Found by filter.fuzz.test.ts: balanced parentheses passed the check, then ldapts threw when the run compiled the search.
for (const filter of [
  '(cn=a)(cn=b)',
  '(=x)',
  '(!(cn=a)(cn=b))',
  '(&)',
  '(cn=\\zz)',
  '(c n=a)',
  '((cn=a))',
]) {
  test(`a balanced but malformed filter is rejected naming the field: ${filter}`, () => {
    const err = rejection(filter);
    assert.equal(err.kind, 'validation');
    assert.equal(err.field, 'operations[0].operation.filter');
    assert.match(err.message, /is not an LDAP filter/);
  });
}

test('a filter with a trailing space (found by the fuzzer) is rejected saying so', () => {
  assert.match(rejection('(cn=a) ').message, /spaces around the filter/);
});

test('tokens count as values, so filters with patterns are accepted', () => {
  for (const filter of [
    '(uid=user.[1-1000])',
    '(&(cn=[entry:cn])(sn=*))',
    '([entry:x]=1)',
    '(cn=a[[b]])',
  ]) {
    assert.equal(filterPatternField(filter, 'filter', {}), filter);
  }
  assert.equal(filterSkeleton('(&(cn=[entry:cn])(o=[[x]]))'), '(&(cn=x)(o=[x]))');
});

test('a static filter with [[ ]] escapes is sent expanded, not as its source', () => {
  const tools = { pattern: (t: string) => parseValuePattern(t) } as unknown as OpTools;
  const build = searchRequestBuilder(
    { kind: 'search', base: 'o=x', scope: 'sub', filter: '(cn=a[[1]])', attributes: [] },
    tools,
  );
  const request = build(new OpContext(new Prng(1), null, 'u'));
  assert.equal(request.filter.toString(), '(cn=a[1])');
});

test("values taken from entries are escaped in filters, the pattern's own * stays a wildcard", () => {
  assert.equal(escapeFilterValue('a(b)*c\\d'), 'a\\28b\\29\\2ac\\5cd');
  const tools = { pattern: (t: string) => parseValuePattern(t) } as unknown as OpTools;
  const build = searchRequestBuilder(
    { kind: 'search', base: 'o=x', scope: 'sub', filter: '(cn=[entry:cn]*)', attributes: [] },
    tools,
  );
  const ctx = {
    rng: new Prng(1),
    unique: () => 'u',
    entry: () => 'Smith (IT)*',
  } as unknown as OpContext;
  const filter = build(ctx).filter as unknown as { initial: string; any: string[] };
  // A leading-substring search for the literal text, not a malformed filter or extra wildcards.
  assert.equal(filter.initial, 'Smith (IT)*');
  assert.deepEqual(filter.any, []);
});
