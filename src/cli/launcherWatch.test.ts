import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import type { StdioOptions } from 'node:child_process';
import { once } from 'node:events';
import { test } from 'node:test';

const MODULE_URL = new URL('./launcherWatch.ts', import.meta.url).href;

/**
 * A child that prints "ready" once it watches its launcher (after `before` ran), and on SIGTERM
 * prints the stop cause and exits 0; without a SIGTERM it ends by itself after 5 s.
 */
function watcher(before: string, stdio: StdioOptions) {
  const code = [
    `import { stopCause, stopWhenLauncherEnds } from '${MODULE_URL}';`,
    `process.on('SIGTERM', (s) => { console.log(stopCause(s)); process.exit(0); });`,
    before,
    'stopWhenLauncherEnds();',
    `console.log('ready');`,
    'setTimeout(() => {}, 5000);',
  ].join('\n');
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio });
  let out = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  const exited = once(child, 'exit').then(() => out);
  return { child, exited, output: () => out };
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
}

test("the launcher's end stops the relaunched process as SIGTERM, naming the launcher", async () => {
  const w = watcher('', ['ignore', 'pipe', 'inherit', 'ipc']);
  await until(() => w.output().includes('ready'));
  // What the kernel does to the channel when the launcher dies, done by hand.
  w.child.disconnect();
  assert.equal(
    await w.exited,
    `ready\nthe launching dirbench process (PID ${process.pid}) ended\n`,
  );
});

test('a launcher that ended before the watch began is noticed at once', async () => {
  const waitForEnd =
    'await new Promise((r) => { const t = setInterval(() => { if (!process.connected) { clearInterval(t); r(); } }, 5); });';
  const w = watcher(waitForEnd, ['ignore', 'pipe', 'inherit', 'ipc']);
  w.child.disconnect();
  const out = await w.exited;
  assert.match(out, new RegExp(`the launching dirbench process \\(PID ${process.pid}\\) ended`));
});

test('without a launcher nothing is watched and the cause is the signal', async () => {
  const w = watcher('', ['ignore', 'pipe', 'inherit']);
  await until(() => w.output().includes('ready'));
  w.child.kill('SIGTERM');
  assert.equal(await w.exited, 'ready\nSIGTERM\n');
});
