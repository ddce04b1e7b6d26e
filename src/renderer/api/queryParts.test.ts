// Plain-Node checks of how a query's state splits into the parts the screens show.
import assert from 'node:assert/strict';
import test from 'node:test';
import { ApiError } from '../../shared/errors.ts';
import { firstError, isEmptyAnswer, queryParts, reloadAll } from './queryParts.ts';

const failure = new ApiError('failed', 'database is locked');

test('queryParts: before the first answer only the spinner shows', () => {
  assert.deepEqual(queryParts({ data: undefined, error: undefined, loading: true }), {
    error: undefined,
    loading: true,
    empty: false,
    ready: undefined,
  });
});

test('queryParts: an empty list is the empty state, not ready content', () => {
  const parts = queryParts({ data: [], error: undefined, loading: false });
  assert.equal(parts.empty, true);
  assert.equal(parts.ready, undefined);
});

test('queryParts: a list with items, or any other answer, is ready', () => {
  assert.deepEqual(queryParts({ data: [1], error: undefined, loading: false }).ready, [1]);
  const detail = { id: 'c1', cells: [] };
  assert.equal(queryParts({ data: detail, error: undefined, loading: false }).ready, detail);
  assert.equal(queryParts({ data: detail, error: undefined, loading: false }).empty, false);
});

test('queryParts: a failed refresh keeps the data beside the error', () => {
  const parts = queryParts({ data: [1, 2], error: failure, loading: false });
  assert.equal(parts.error, failure);
  assert.deepEqual(parts.ready, [1, 2]);
});

test('isEmptyAnswer: only an empty list is empty', () => {
  assert.equal(isEmptyAnswer([]), true);
  assert.equal(isEmptyAnswer([0]), false);
  assert.equal(isEmptyAnswer({}), false);
  assert.equal(isEmptyAnswer(null), false);
});

test('firstError and reloadAll: a section loading several queries reports and retries them together', () => {
  const reloaded: string[] = [];
  const queries = [
    { error: undefined, reload: () => reloaded.push('runs') },
    { error: failure, reload: () => reloaded.push('facets') },
  ];
  assert.equal(firstError(queries), failure);
  assert.equal(firstError([{ error: undefined }]), undefined);
  reloadAll(queries)();
  assert.deepEqual(reloaded, ['runs', 'facets']);
});
