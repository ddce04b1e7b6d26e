import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ApiError } from '../shared/errors.ts';
import { confirmWithYes } from './loadConfirmation.ts';

test('the load guard asks the CLI for --yes, keeping its reason and code', () => {
  const guard = new ApiError('validation', '200 connections to db.example: confirm', 'confirmed', {
    code: 'needs-confirmation',
    detail: '200 connections to db.example',
  });
  const asked = confirmWithYes(guard);
  assert.ok(asked instanceof ApiError);
  assert.equal(asked.field, '--yes');
  assert.equal(asked.message, '200 connections to db.example: add --yes to send this load');
  assert.equal(asked.code, 'needs-confirmation');
  assert.equal(asked.detail, '200 connections to db.example');
});

test('any other error passes through unchanged', () => {
  const other = new ApiError('validation', 'connections must be 1 to 10000', 'connections');
  assert.equal(confirmWithYes(other), other);
  const plain = new Error('boom');
  assert.equal(confirmWithYes(plain), plain);
});
