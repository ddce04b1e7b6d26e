import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ApiError } from '../../shared/errors.ts';
import type { RawOptions } from '../options.ts';
import {
  callCore,
  filterFromOptions,
  imageSizeFromOptions,
  selectionFromOptions,
} from './exportOptions.ts';

function refused(call: () => unknown, option: string, message: RegExp): void {
  assert.throws(call, (e: ApiError) => e.field === option && message.test(e.message));
}

test('filter options become the API filter: repeatable, sizes in any usual form', () => {
  assert.deepEqual(filterFromOptions({}), {});
  const options: RawOptions = {
    test: ['salford/S.1', 'salford/S.3'],
    size: ['10000', '10K', '2k', '1,000'],
    server: ['OpenLDAP 2.5.13', '389ds'],
    profile: 'salford-indexed',
  };
  assert.deepEqual(filterFromOptions(options), {
    tests: ['salford/S.1', 'salford/S.3'],
    sizes: [10_000, 10_000, 2_000, 1_000],
    servers: ['OpenLDAP 2.5.13', '389ds'],
    profiles: ['salford-indexed'],
  });
  // Blank values (an empty shell variable) are dropped, not matched.
  assert.deepEqual(filterFromOptions({ test: ['', ' '] }), {});
  refused(() => filterFromOptions({ size: ['10 thousand'] }), '--size', /got "10 thousand"/);
});

test('--width and --height: whole pixels from 320 to 8000, each optional', () => {
  assert.deepEqual(imageSizeFromOptions({}), {});
  assert.deepEqual(imageSizeFromOptions({ width: '900', height: '500' }), {
    widthPx: 900,
    heightPx: 500,
  });
  assert.deepEqual(imageSizeFromOptions({ height: '320' }), { heightPx: 320 });
  assert.deepEqual(imageSizeFromOptions({ width: '8000' }), { widthPx: 8000 });
  for (const bad of ['319', '8001', '900px', '9.5', '-900', ''])
    refused(
      () => imageSizeFromOptions({ width: bad }),
      '--width',
      new RegExp(`from 320 to 8000; got "${bad}"`),
    );
  refused(() => imageSizeFromOptions({ height: '0' }), '--height', /--height is a whole number/);
});

test('selection: --run (repeatable) or one --campaign', () => {
  assert.deepEqual(selectionFromOptions({ run: ['a', 'b'] }), { runIds: ['a', 'b'] });
  assert.deepEqual(selectionFromOptions({ campaign: 'c' }), { campaignId: 'c' });
  refused(() => selectionFromOptions({}), '--run', /is required/);
  refused(() => selectionFromOptions({ run: 'a', campaign: 'c' }), '--run', /not both/);
});

test("the core's field errors come back under the option that set the field", async () => {
  for (const [field, option] of [
    ['tests', '--test'],
    ['sizes', '--size'],
    ['servers', '--server'],
    ['profiles', '--profile'],
    ['widthPx', '--width'],
    ['heightPx', '--height'],
  ]) {
    await assert.rejects(
      callCore(() => Promise.reject(new ApiError('validation', 'no such thing', field))),
      (e: ApiError) => e.field === option && e.message === `${option}: no such thing`,
    );
  }
  await assert.rejects(
    callCore(() => Promise.reject(new ApiError('not-found', 'no campaign', 'campaignId'))),
    (e: ApiError) => e.kind === 'validation' && e.field === '--campaign',
  );
});
