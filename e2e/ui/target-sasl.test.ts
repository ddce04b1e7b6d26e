// A target that binds with SASL DIGEST-MD5, CRAM-MD5 or SCRAM-SHA-256, from the Targets screen
// against a real slapd: the bind DN becomes a user name, the connection test binds with the mechanism (right
// password: connected; wrong: invalidCredentials), and the mechanism is kept when edited.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'node:test';
import { saveScreenshot, startUi, waitReady } from '../helpers/ui.ts';
import { apiCall } from '../helpers/uiFlows.ts';
import { PEOPLE, startSaslSlapd } from '../integration/fixtures/saslSlapd.ts';

test(
  'a DIGEST-MD5 target: user name, connection test right and wrong, kept on edit',
  { timeout: 120_000 },
  async (t) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dirbench-target-sasl-'));
    const server = await startSaslSlapd(dir);
    t.after(async () => {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    });
    const { page } = await startUi(t);
    await waitReady(page);
    await page.getByRole('button', { name: 'New target' }).first().click();
    const form = page.getByRole('dialog', { name: 'New target' });
    await form.getByLabel('Name').fill('SASL slapd');
    await form.getByLabel('LDAP URL').fill(server.url);
    await form.getByLabel('Bind mechanism').selectOption('DIGEST-MD5');
    // A user name, not a DN: the form does not ask for attribute=value.
    await form.getByLabel('User name').fill('user.3');
    await form.getByLabel('Password').fill('wrong-password');
    await form.getByLabel('Base DN').fill(PEOPLE);
    await form.getByRole('button', { name: 'Test connection' }).click();
    const refused = form.locator('[data-testid="connection-test-result"][data-ok="false"]');
    await refused.waitFor({ timeout: 20_000 });
    assert.equal(await refused.getByTestId('failure-code').innerText(), 'invalidCredentials');

    await form.getByLabel('Password').fill('password-3');
    await form.getByRole('button', { name: 'Test connection' }).click();
    await form
      .locator('[data-testid="connection-test-result"][data-ok="true"]')
      .waitFor({ timeout: 20_000 });
    assert.equal(await form.locator('.field-error').count(), 0);
    await saveScreenshot(page, 'target-form-sasl.png');
    await form.getByRole('button', { name: 'Create target' }).click();
    await form.waitFor({ state: 'detached' });

    const [saved] = await apiCall(page, 'targets/list', undefined);
    assert.equal(saved?.bindMechanism, 'DIGEST-MD5');
    assert.equal(saved?.bindDn, 'user.3');
    await page.getByRole('button', { name: 'Edit SASL slapd' }).click();
    const edit = page.getByRole('dialog', { name: /SASL slapd/ });
    assert.equal(await edit.getByLabel('Bind mechanism').inputValue(), 'DIGEST-MD5');
    const connected = edit.locator('[data-testid="connection-test-result"][data-ok="true"]');
    for (const mechanism of ['CRAM-MD5', 'SCRAM-SHA-256']) {
      await edit.getByLabel('Bind mechanism').selectOption(mechanism);
      // A change clears the last result, so the one awaited next is this mechanism's.
      await connected.waitFor({ state: 'detached' });
      await edit.getByRole('button', { name: 'Test connection' }).click();
      await connected.waitFor({ timeout: 20_000 });
      assert.match(await connected.innerText(), /connected/i, mechanism);
    }
    await saveScreenshot(page, 'target-form-scram.png');
    await edit.getByRole('button', { name: /Save/ }).click();
    await edit.waitFor({ state: 'detached' });
    const [scram] = await apiCall(page, 'targets/list', undefined);
    assert.equal(scram?.bindMechanism, 'SCRAM-SHA-256');
  },
);
