import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { warmForkLauncher } from './launcher.ts';
import type { WorkerHandle } from './launcher.ts';

/** Waits (bounded) until `check` holds; false when it never did. */
async function eventually(check: () => boolean, limitMs = 10_000): Promise<boolean> {
  const until = Date.now() + limitMs;
  while (Date.now() < until) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return check();
}

/** True while process `pid` exists. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

test('a warm launcher forks its workers at once, hands them to the run and ends the unused ones', async (t) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dirbench-warm-'));
  // A stand-in worker: notes its pid in `dir` as soon as it has loaded, then waits for its parent.
  const module = path.join(dir, 'worker.mjs');
  writeFileSync(
    module,
    `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(dir)} + '/' + process.pid, '');\nprocess.on('disconnect', () => process.exit(0));\n`,
  );
  const started = (): number[] =>
    readdirSync(dir)
      .filter((name) => /^\d+$/.test(name))
      .map(Number);
  const handles: WorkerHandle[] = [];
  const warm = warmForkLauncher(2, module);
  t.after(() => {
    warm.dispose();
    for (const handle of handles) handle.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  // Both load before the run asks for any.
  assert.ok(await eventually(() => started().length === 2), 'the workers did not start ahead');
  const early = started();
  const first = warm.launcher(0);
  handles.push(first);
  assert.ok(first.pid !== undefined && early.includes(first.pid));
  // A worker beyond those started ahead is forked when asked for.
  const extra = warm.launcher(2);
  handles.push(extra);
  assert.ok(extra.pid !== undefined && !early.includes(extra.pid));

  // The one no run took is ended; the ones handed out are the run's.
  const unused = early.find((pid) => pid !== first.pid) as number;
  warm.dispose();
  assert.ok(await eventually(() => !alive(unused)), 'the unused worker is still running');
  assert.ok(alive(first.pid));
});
