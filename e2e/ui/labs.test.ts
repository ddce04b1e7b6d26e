// The labs screen against a real host: start labs from the form, read their rows, destroy them.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import test from 'node:test';
import type { Page } from 'playwright-core';
import type { ApiResponse } from '../../src/shared/api.ts';
import type { LabAvailability } from '../../src/shared/labTypes.ts';
import { saveScreenshot, showRoute, startUi, waitReady } from '../helpers/ui.ts';
import { apiCall } from '../helpers/uiFlows.ts';

/** Every `lab/start` request the page sends, to prove a rejected form starts nothing. */
function recordLabStarts(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/lab/start')) sent.push(request.postData() ?? '');
  });
  return sent;
}

/** Presses Start OpenLDAP lab and returns the answer of the `lab/start` it sends. */
async function startOpenLdapLab(page: Page): Promise<ApiResponse<'lab/start'>> {
  const response = page.waitForResponse((r) => r.url().includes('/api/lab/start'));
  await page.getByRole('button', { name: 'Start OpenLDAP lab' }).click();
  const body = (await (await response).json()) as { ok: boolean; res: ApiResponse<'lab/start'> };
  assert.ok(body.ok, JSON.stringify(body));
  return body.res;
}

async function openLabs(page: Page): Promise<void> {
  await waitReady(page);
  await showRoute(page, '#/labs');
}

test(
  'an OpenLDAP lab loaded over LDAP, unindexed: its row, then destroyed',
  { timeout: 90_000 },
  async (t) => {
    const { page } = await startUi(t);
    await openLabs(page);

    await page.getByLabel('Entries').fill('500');
    await page.getByLabel('Index profile').selectOption('salford-unindexed');
    await page.getByLabel('Over LDAP').check();
    await page.getByLabel('Connections', { exact: true }).fill('2');
    // lab/start answers at once with the new lab, long before it is ready.
    const answer = await startOpenLdapLab(page);
    assert.equal(answer.lab.id, answer.labId);
    assert.equal(answer.lab.state, 'loading');

    // A protocol load starts the server before it adds: the step list (of the answered lab) says so.
    const steps = page.getByTestId('lab-steps');
    await steps.waitFor({ timeout: 15_000 });
    assert.equal(await steps.getAttribute('data-lab-id'), answer.labId);
    const order = await steps
      .locator('[data-step]')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-step')));
    assert.deepEqual(order, ['generate', 'start', 'load', 'verify']);

    const row = page.locator('[data-testid="lab-row"][data-state="running"]');
    await row.waitFor({ timeout: 60_000 });
    const started = page.getByTestId('lab-started');
    await started.waitFor();
    assert.equal(await started.getAttribute('data-lab-id'), answer.labId);
    // 500 people plus the 12 header entries (c=gb, o=Salford and ten organizational units).
    assert.match(await row.getByTestId('lab-entries').innerText(), /^512\s+verified$/);
    assert.match(await row.getByTestId('lab-version').innerText(), /^OpenLDAP \d+\.\d+/);
    assert.match(await row.getByTestId('lab-profile').innerText(), /salford-unindexed/);
    assert.match(await row.getByTestId('lab-load').innerText(), /over LDAP, 2 conn\./);
    assert.match(await row.getByTestId('lab-load').innerText(), /entries\/s/);

    const labId = await row.getAttribute('data-lab-id');
    assert.equal(labId, answer.labId);
    const [lab] = await apiCall(page, 'lab/list', undefined);
    assert.ok(lab);
    assert.equal(lab.verifiedEntries, 512);
    assert.equal(lab.loadMethod, 'protocol');
    assert.equal(lab.loadConnections, 2);
    assert.equal(lab.indexProfile, 'salford-unindexed');

    // The details row offers the bind DN and the password file path to copy.
    await row.getByRole('button', { name: `Details of lab ${labId}` }).click();
    const details = page.getByTestId('lab-details');
    const copyBindDn = details.getByRole('button', { name: `Copy the bind DN of lab ${labId}` });
    assert.equal(await copyBindDn.getAttribute('data-copy-value'), lab.bindDn);
    const copyPasswordFile = details.getByRole('button', {
      name: `Copy the password file path of lab ${labId}`,
    });
    assert.equal(await copyPasswordFile.getAttribute('data-copy-value'), lab.passwordFile);
    assert.ok(existsSync(lab.dataDir));
    // The form and the running lab with its details, for a person to look at.
    await page.setViewportSize({ width: 1280, height: 1080 });
    await saveScreenshot(page, 'labs.png');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Destroy asks first, says the files go, and the lab, its target and its files are gone.
    await row.getByRole('button', { name: `Destroy lab ${labId}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Destroy lab' });
    assert.match(await dialog.innerText(), /files are deleted/);
    await dialog.getByRole('button', { name: 'Destroy lab' }).click();
    await page.locator(`[data-testid="lab-row"][data-lab-id="${labId}"]`).waitFor({
      state: 'detached',
      timeout: 15_000,
    });
    assert.equal(existsSync(lab.dataDir), false);
    assert.deepEqual(await apiCall(page, 'lab/list', undefined), []);
    const targets = await apiCall(page, 'targets/list', undefined);
    assert.equal(targets.filter((target) => target.labId === labId).length, 0);
  },
);

test('Cancel stops the lab by the id lab/start answered', { timeout: 90_000 }, async (t) => {
  const { page } = await startUi(t);
  await openLabs(page);
  // Big enough that it is still generating when Cancel is pressed.
  await page.getByLabel('Entries').fill('1000000');
  const { labId } = await startOpenLdapLab(page);

  await page.locator(`[data-testid="lab-steps"][data-lab-id="${labId}"]`).waitFor();
  await page.getByRole('button', { name: `Cancel lab ${labId}` }).click();
  const cancelled = page.getByTestId('lab-cancelled');
  await cancelled.waitFor({ timeout: 60_000 });
  assert.match(await cancelled.innerText(), /stopped before it was ready/);
  assert.equal(await page.getByTestId('lab-error').count(), 0, 'a cancel is not a failure');
  assert.equal(await page.getByTestId('lab-steps').count(), 0);
  assert.equal(
    await page.getByRole('button', { name: 'Start OpenLDAP lab' }).isEnabled(),
    true,
    'the form can start another lab',
  );
  const [lab] = await apiCall(page, 'lab/list', undefined);
  assert.equal(lab?.id, labId);
  assert.equal(lab.state, 'failed');
  const targets = await apiCall(page, 'targets/list', undefined);
  assert.equal(targets.filter((target) => target.labId === labId).length, 0);
});

test('a custom index list with a bad type is refused next to the field', async (t) => {
  const { page } = await startUi(t);
  const starts = recordLabStarts(page);
  await openLabs(page);

  await page.getByLabel('Entries').fill('500');
  await page.getByLabel('Index profile').selectOption('custom');
  const custom = page.getByLabel('Custom indexes');
  await custom.fill('cn:eq,bogus;uid:eq');
  await page.getByRole('button', { name: 'Start OpenLDAP lab' }).click();

  const error = page.locator('#lab-custom-indexes-error');
  await error.waitFor();
  assert.equal(
    await error.innerText(),
    'Index type "bogus" of cn is not one of eq, sub, pres, approx',
  );
  assert.equal(await custom.getAttribute('aria-invalid'), 'true');
  assert.equal(await custom.evaluate((el) => el === document.activeElement), true);

  // Fixing it clears the message as you type; nothing was started meanwhile.
  await custom.fill('cn:eq,sub;uid:eq');
  await error.waitFor({ state: 'detached' });
  assert.deepEqual(starts, []);
  assert.deepEqual(await apiCall(page, 'lab/list', undefined), []);
  assert.equal(await page.getByTestId('lab-steps').count(), 0);
});

test('a kind the machine lacks is disabled, with its install command to copy', async (t) => {
  const { page } = await startUi(t);
  await waitReady(page);
  const detail =
    'OpenDJ needs Java: no java on PATH. Install it with: sudo apt-get install openjdk-17-jre-headless (Fedora/RHEL: sudo dnf install java-17-openjdk-headless), or set JAVA_HOME.';
  const real = await apiCall(page, 'lab/availability', undefined);
  const answer: LabAvailability[] = [
    ...real.filter((a) => a.kind !== 'opendj'),
    { kind: 'opendj', available: false, detail },
  ];
  await page.route('**/api/lab/availability', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({ ok: true, res: answer }),
    }),
  );
  await showRoute(page, '#/labs');

  const radio = page.getByRole('radio', { name: /OpenDJ/ });
  assert.equal(await radio.isDisabled(), true);
  const note = page.locator('[data-testid="lab-unavailable"][data-kind="opendj"]');
  assert.match(await note.innerText(), /^OpenDJ needs Java: no java on PATH\./);
  const copy = note.getByRole('button', { name: 'Copy the command for OpenDJ' });
  assert.equal(
    await copy.getAttribute('data-copy-value'),
    'sudo apt-get install openjdk-17-jre-headless',
  );
  assert.equal(
    await note.locator('code').innerText(),
    'sudo apt-get install openjdk-17-jre-headless',
  );
});

test('a 389 DS lab of 500 entries shows its version', { timeout: 90_000 }, async (t) => {
  const { page } = await startUi(t);
  await openLabs(page);
  const availability = await apiCall(page, 'lab/availability', undefined);
  const ds = availability.find((a) => a.kind === '389ds');
  if (!ds?.available) {
    t.skip(`389 DS is not available here: ${ds?.detail ?? 'the host does not offer it'}`);
    return;
  }
  await page.getByRole('radio', { name: /389 Directory Server/ }).check();
  // 389 DS labs serve no TLS yet: the choice is off and disabled.
  assert.equal(await page.getByLabel('StartTLS').isDisabled(), true);
  await page.getByLabel('Entries').fill('500');
  await page.getByRole('button', { name: 'Start 389 DS lab' }).click();

  const row = page.locator('[data-testid="lab-row"][data-kind="389ds"][data-state="running"]');
  await row.waitFor({ timeout: 75_000 });
  assert.match(await row.getByTestId('lab-version').innerText(), /389/);
  assert.match(await row.getByTestId('lab-entries').innerText(), /^512\s+verified$/);
  assert.match(await row.getByTestId('lab-load').innerText(), /bulk \(ldif2db\)/);
});
