import assert from 'node:assert/strict';
import { test } from 'node:test';
import { categorySlotPx, layoutCategoryLabels, wrapParts } from './categoryLabels.ts';
import { dejaVuSansWidthPx } from './textWidth.ts';

const twelve = ['OpenLDAP 2.5.13', '389 DS 2.3.1', 'OpenDJ 4.9.4'].flatMap((server) =>
  ['salford/S.1', 'salford/S.3'].flatMap((test) =>
    ['2K entries', '10K entries'].map((size) => [server, test, size]),
  ),
);

test('parts share a line while it fits, and a long part breaks at its spaces', () => {
  assert.deepEqual(wrapParts(['salford/S.3', '2K'], 200), ['salford/S.3 · 2K']);
  assert.deepEqual(wrapParts(['OpenDJ 4.9.4', 'salford/S.3'], 70), [
    'OpenDJ',
    '4.9.4',
    'salford/S.3',
  ]);
  // A word wider than the room cannot wrap.
  assert.equal(wrapParts(['Open Identity Platform Community'], 40), null);
});

test('twelve cells on a wide chart wrap, each line narrower than its slot', () => {
  const layout = layoutCategoryLabels(twelve, 960);
  assert.equal(layout.rotateDeg, 0);
  assert.equal(layout.slotPx, categorySlotPx(960, 12));
  for (const text of layout.texts)
    for (const line of text.split('\n'))
      assert.ok(dejaVuSansWidthPx(line, '12px') < layout.slotPx, `${line} in ${layout.slotPx}`);
  assert.equal(layout.texts[0], 'OpenLDAP\n2.5.13\nsalford/S.1\n2K entries');
});

test('too narrow to wrap: one slanted line, upright when even a slant would not clear', () => {
  const narrow = layoutCategoryLabels(twelve, 480);
  assert.equal(narrow.rotateDeg, 45);
  assert.equal(narrow.texts[0], 'OpenLDAP 2.5.13 · salford/S.1 · 2K entries');
  assert.equal(layoutCategoryLabels(twelve, 300).rotateDeg, 90);
});
