// The custom operation's request controls: folded until used, offered per kind, checked where they
// are typed (a raw control line locally, an identity by the host), and a DIGEST-MD5 custom bind.
import assert from 'node:assert/strict';
import test from 'node:test';
import { saveScreenshot, startUi, waitReady } from '../helpers/ui.ts';
import { openCustomOperation } from '../helpers/uiFlows.ts';

test(
  'a custom modify takes request controls; each mistake shows beside its field',
  { timeout: 90_000 },
  async (t) => {
    const { page } = await startUi(t);
    await waitReady(page);
    await openCustomOperation(page);

    const section = page.getByTestId('custom-controls');
    assert.match(await section.locator('summary').innerText(), /Request controls\s+none/);
    assert.equal(await section.getAttribute('open'), null, 'folded until used');
    await section.locator('summary').click();
    // A search offers no pre-read, post-read or permissive modify.
    assert.equal(await page.getByLabel('Pre-read attributes').count(), 0);

    await page.getByLabel('Operation', { exact: true }).selectOption('modify');
    await page.getByLabel('Proxied authorization as').fill('uid=[entry:uid]');
    const proxyError = page.locator('[data-field="op-proxyAs"] .field-error');
    await proxyError.waitFor();
    assert.match(await proxyError.innerText(), /^Must start with dn: or u: \(RFC 4370\)/);
    await page.getByLabel('Proxied authorization as').fill('u:[entry:uid]');
    await proxyError.waitFor({ state: 'detached' });

    await page.getByLabel('Assertion filter').fill('(objectClass=person)');
    await page.getByLabel('Pre-read attributes').fill('description');
    await page.getByLabel('Post-read attributes').fill('description,modifyTimestamp');
    await page.getByLabel(/Permissive modify/).check();
    await page.getByLabel('Other controls').fill('ManageDsaIT:true');
    const rawError = page.locator('[data-field="op-rawControls"] .field-error');
    await rawError.waitFor();
    assert.match(await rawError.innerText(), /must start with a numeric OID/);
    await page.getByLabel('Other controls').fill('2.16.840.1.113730.3.4.2:true');
    await rawError.waitFor({ state: 'detached' });
    await section.locator('summary', { hasText: '6 sent with each operation' }).waitFor();
    assert.equal(await page.locator('.custom-op .field-error').count(), 0);
    await section.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'custom-operation-controls.png');

    // Binds carry no controls; SASL mechanisms name users.
    await page.getByLabel('Operation', { exact: true }).selectOption('bind');
    assert.equal(await page.getByTestId('custom-controls').count(), 0);
    await page.getByLabel('Mechanism').selectOption('DIGEST-MD5');
    assert.equal(await page.getByLabel('User name pattern').inputValue(), '[entry:uid]');
    assert.equal(await page.locator('.custom-op .field-error').count(), 0);
  },
);

test(
  'the extended operations are in the custom form, checked by the host as typed',
  { timeout: 60_000 },
  async (t) => {
    const { page } = await startUi(t);
    await waitReady(page);
    await openCustomOperation(page);
    const kind = page.getByLabel('Operation', { exact: true });
    const check = page.getByTestId('custom-check');

    await kind.selectOption('whoami');
    await page.locator('[data-testid="custom-check"][data-state="valid"]').waitFor();
    assert.equal(await page.locator('.custom-op > .form-row').count(), 1, 'the kind, no fields');

    await kind.selectOption('password-modify');
    assert.equal(await page.getByLabel('User DN pattern').inputValue(), '[entry:dn]');
    assert.equal(await page.getByLabel('New password pattern').inputValue(), 'pw-[random:12]');
    await page.getByTestId('custom-controls').locator('summary').click();
    assert.equal(await page.getByLabel('Assertion filter').count(), 0, 'no assertion offered');
    await page.getByLabel('User DN pattern').fill('uid=[1-');
    await page.locator('[data-field="op-passwordUserDn"] .field-error').waitFor();
    await page.getByLabel('User DN pattern').fill('[entry:dn]');
    await page.locator('[data-testid="custom-check"][data-state="valid"]').waitFor();
    assert.equal(await check.getAttribute('data-state'), 'valid');
    await saveScreenshot(page, 'custom-operation-password-modify.png');
  },
);
