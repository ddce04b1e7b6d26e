// Targets screen against a real `dirbench serve`: validation, a refused connection, edit, delete.
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import test from 'node:test';
import { startUi, waitReady } from '../helpers/ui.ts';

/** A loopback port nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

test('targets: bad URL, refused connection, edit and delete', { timeout: 90_000 }, async (t) => {
  const { page } = await startUi(t);
  await waitReady(page);
  await page.getByText('No targets yet').waitFor();

  // A bad URL is refused next to the URL field, before anything is saved.
  await page.getByRole('button', { name: 'New target' }).first().click();
  const form = page.getByRole('dialog', { name: 'New target' });
  await form.getByLabel('Name').fill('Closed port');
  await form.getByLabel('LDAP URL').fill('http://ldap.example.com');
  await form.getByLabel('Bind DN').fill('cn=admin,dc=example,dc=com');
  await form.getByLabel('Password').fill('secret');
  await form.getByLabel('Base DN').fill('dc=example,dc=com');
  await form.getByRole('button', { name: 'Create target' }).click();
  const urlError = form.locator('[data-field="target-url"] .field-error');
  await urlError.waitFor();
  assert.match(await urlError.innerText(), /not an LDAP URL/);
  assert.equal(await form.getByLabel('LDAP URL').getAttribute('aria-invalid'), 'true');

  // "Test connection" on the form explains the refused connection.
  const port = await closedPort();
  await form.getByLabel('LDAP URL').fill(`ldap://127.0.0.1:${port}`);
  assert.equal(await urlError.count(), 0);
  await form.getByRole('button', { name: 'Test connection' }).click();
  const formResult = form.locator('[data-testid="connection-test-result"][data-ok="false"]');
  await formResult.waitFor({ timeout: 20_000 });
  assert.equal(await formResult.getByTestId('failure-code').innerText(), 'ECONNREFUSED');
  assert.match(await formResult.innerText(), new RegExp(`127\\.0\\.0\\.1:${port}`));

  // Saved, it appears in the table; the row's own Test says the same.
  await form.getByRole('button', { name: 'Create target' }).click();
  await form.waitFor({ state: 'detached' });
  const row = page.locator('[data-testid="target-row"]', { hasText: 'Closed port' });
  await row.waitFor();
  assert.match(await row.innerText(), new RegExp(`ldap://127\\.0\\.0\\.1:${port}`));
  await page.getByRole('button', { name: 'Test connection to Closed port' }).click();
  const rowResult = page.locator(
    'tr.detail-row [data-testid="connection-test-result"][data-ok="false"]',
  );
  await rowResult.waitFor({ timeout: 20_000 });
  assert.equal(await rowResult.getByTestId('failure-code').innerText(), 'ECONNREFUSED');

  // Edit: the stored password is kept unless a new one is typed.
  await page.getByRole('button', { name: 'Edit Closed port' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Closed port' });
  assert.equal(await edit.getByLabel('Password').getAttribute('placeholder'), 'unchanged');
  await edit.getByLabel('Name').fill('Renamed target');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await edit.waitFor({ state: 'detached' });
  await page.locator('[data-testid="target-row"]', { hasText: 'Renamed target' }).waitFor();
  assert.equal(
    await page.locator('[data-testid="target-row"]', { hasText: 'Closed port' }).count(),
    0,
  );

  // Delete asks first; Cancel keeps it, confirming removes it.
  await page.getByRole('button', { name: 'Delete Renamed target' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete target' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await confirm.waitFor({ state: 'detached' });
  assert.equal(await page.locator('[data-testid="target-row"]').count(), 1);
  await page.getByRole('button', { name: 'Delete Renamed target' }).click();
  await page
    .getByRole('dialog', { name: 'Delete target' })
    .getByRole('button', { name: 'Delete target' })
    .click();
  await page.getByText('No targets yet').waitFor();
  assert.equal(await page.locator('[data-testid="target-row"]').count(), 0);
});
