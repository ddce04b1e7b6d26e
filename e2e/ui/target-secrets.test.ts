// Target form's secrets and TLS against a real `dirbench serve`: where a typed password goes, the
// password file and variable sources with errors at their fields, the trust-unverified warning and
// badge, and a client certificate that needs its key.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'node:test';
import { startUi, waitReady } from '../helpers/ui.ts';

test(
  'target form: password sources, unverified TLS, client certificate',
  { timeout: 90_000 },
  async (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'dirbench-ui-secrets-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const passwordFile = join(dir, 'bench.pw');
    writeFileSync(passwordFile, 'not-shown\n', { mode: 0o600 });
    const { page } = await startUi(t);
    await waitReady(page);
    await page.getByRole('button', { name: 'New target' }).first().click();
    const form = page.getByRole('dialog', { name: 'New target' });
    await form.getByLabel('Name').fill('Secret sources');
    await form.getByLabel('LDAP URL').fill('ldaps://127.0.0.1:1636');
    await form.getByLabel('Bind DN').fill('cn=bench,dc=example,dc=com');
    await form.getByLabel('Base DN').fill('dc=example,dc=com');

    // A typed password: the hint says it goes to a mode-600 file under the data folder.
    const typedHint = form.locator('[data-field="target-password"] .field-hint');
    assert.match(
      await typedHint.innerText(),
      /mode 600.*secrets\/; the database keeps only its path/,
    );

    // A password file that does not exist is refused by the host next to its field.
    await form.getByRole('radio', { name: 'A file' }).check();
    await form.getByLabel('Password file').fill(join(dir, 'missing.pw'));
    await form.getByRole('button', { name: 'Create target' }).click();
    const fileError = form.locator('[data-field="target-passwordFile"] .field-error');
    await fileError.waitFor();
    assert.match(await fileError.innerText(), /^Cannot read the password file .*missing\.pw/);

    // A variable name that is not one is refused before anything is sent.
    await form.getByRole('radio', { name: 'A variable' }).check();
    await form.getByLabel('Environment variable').fill('not a name');
    await form.getByRole('button', { name: 'Create target' }).click();
    const envError = form.locator('[data-field="target-passwordEnv"] .field-error');
    await envError.waitFor();
    assert.match(await envError.innerText(), /variable name/);

    // A client certificate without its key is named at the key field.
    await form.getByRole('radio', { name: 'A file' }).check();
    await form.getByLabel('Password file').fill(passwordFile);
    await form.getByLabel('Client certificate file').fill(passwordFile);
    await form.getByRole('button', { name: 'Create target' }).click();
    const keyError = form.locator('[data-field="target-clientKeyFile"] .field-error');
    await keyError.waitFor();
    assert.match(await keyError.innerText(), /certificate and its key/);
    await form.getByLabel('Client certificate file').fill('');

    // Trusting an unverified certificate is a checkbox with a warning, and a badge on the row.
    await form.getByLabel('Trust an unverified certificate').check();
    assert.match(
      await form.locator('[data-field="target-tlsVerify"] .field-hint').innerText(),
      /^Warning: any certificate is accepted/,
    );
    await form.getByRole('button', { name: 'Create target' }).click();
    await form.waitFor({ state: 'detached' });
    const row = page.locator('[data-testid="target-row"]', { hasText: 'Secret sources' });
    await row.getByText('certificate not verified').waitFor();

    // Editing shows the file source again with its path; the password itself is never sent back.
    await page.getByRole('button', { name: 'Edit Secret sources' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Secret sources' });
    assert.equal(await edit.getByRole('radio', { name: 'A file' }).isChecked(), true);
    assert.equal(await edit.getByLabel('Password file').inputValue(), passwordFile);
    assert.equal(await edit.getByLabel('Trust an unverified certificate').isChecked(), true);
    assert.equal((await page.content()).includes('not-shown'), false);
  },
);
