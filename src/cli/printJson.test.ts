import assert from 'node:assert/strict';
import { test } from 'node:test';
import { printJson, printJsonArray } from './options.ts';

/** What `print` wrote to stdout. */
function captured(print: () => void): string {
  const write = process.stdout.write.bind(process.stdout);
  let text = '';
  process.stdout.write = ((chunk: string) => {
    text += chunk;
    return true;
  }) as typeof process.stdout.write;
  try {
    print();
  } finally {
    process.stdout.write = write;
  }
  return text;
}

/** Items shaped like history rows: nested arrays, nulls, escapes, numbers of every kind. */
function items(count: number): unknown[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `run-${i}`,
    tags: i % 3 === 0 ? [] : ['a', `b"${i}\n`],
    opsPerSec: i % 4 === 0 ? null : i / 7,
    nested: { deep: [i, { x: '\u0001é' }], empty: {} },
    gone: undefined,
  }));
}

test('printJsonArray writes what printJson writes for the array, byte for byte', () => {
  for (const count of [0, 1, 2, 5]) {
    const list = items(count);
    assert.equal(
      captured(() => printJsonArray(list)),
      captured(() => printJson(list)),
      `${count} items`,
    );
  }
});

test('printJsonArray is still exact when the output spans several write chunks', () => {
  // About 3.4 MB of text: more than three of its 1 MiB chunks.
  const list = items(15_000);
  const streamed = captured(() => printJsonArray(list));
  assert.ok(streamed.length > 3_000_000, `${streamed.length} characters`);
  assert.equal(
    streamed,
    captured(() => printJson(list)),
  );
});

test('printJsonArray consumes a generator without holding its items', () => {
  function* generated(): Generator<unknown> {
    yield* items(3);
  }
  assert.equal(
    captured(() => printJsonArray(generated())),
    captured(() => printJson(items(3))),
  );
});
