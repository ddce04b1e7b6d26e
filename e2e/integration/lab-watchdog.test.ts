// A non-persistent lab must not outlive the process that started it, even one killed by SIGKILL.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { test } from 'node:test';
import type { StoredLab } from '../../src/core/lab/labRecord.ts';
import { LabManager } from '../../src/core/lab/labManager.ts';
import { openLdapAvailability } from '../../src/core/lab/openldap/install.ts';
import { isLabSlapd, stopSlapd } from '../../src/core/lab/openldap/slapd.ts';
import { MemoryLabRegistry } from './fixtures/memoryLabRegistry.ts';
import { pollUntil } from './fixtures/pollUntil.ts';

const fixture = join(import.meta.dirname, 'fixtures', 'startOwnedLab.ts');

test(
  'slapd exits when its owner is SIGKILLed, and reapOrphans records it',
  { timeout: 120_000 },
  async (t) => {
    const availability = openLdapAvailability();
    assert.ok(availability.available, availability.detail);
    const dataDir = await mkdtemp(join(tmpdir(), 'dirbench-watchdog-'));
    const owner = spawn(process.execPath, [fixture, dataDir, '300'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let lab: StoredLab | null = null;
    t.after(async () => {
      if (owner.exitCode === null && owner.signalCode === null) owner.kill('SIGKILL');
      if (lab?.pid != null) await stopSlapd(lab.pid, join(lab.dataDir, 'slapd.conf'), 2_000);
      await rm(dataDir, { recursive: true, force: true });
    });

    const lines = createInterface({ input: owner.stdout });
    const [line] = await Promise.race([
      (async () => {
        for await (const l of lines) return [l];
        return [];
      })(),
      new Promise<string[]>((_, reject) =>
        owner.once('exit', (code) => reject(new Error(`fixture exited (${code})`))),
      ),
    ]);
    lines.close();
    lab = JSON.parse(line ?? 'null') as StoredLab;
    assert.equal(lab.state, 'running');
    assert.equal(lab.ownerPid, owner.pid);
    const pid = lab.pid as number;
    const confPath = join(lab.dataDir, 'slapd.conf');
    assert.ok(isLabSlapd(pid, confPath), 'slapd runs while its owner lives');

    owner.kill('SIGKILL');
    assert.ok(
      await pollUntil(() => !isLabSlapd(pid, confPath), 5_000),
      'slapd still running 5 s after its owner was killed',
    );

    // The next DirBench start finds the lab still marked running and tidies up.
    const registry = new MemoryLabRegistry();
    registry.insert(lab);
    const manager = new LabManager({ dataDir, registry });
    await manager.reapOrphans();
    const reaped = manager.get(lab.id);
    assert.equal(reaped?.state, 'stopped');
    assert.equal(reaped?.pid, null);
  },
);
