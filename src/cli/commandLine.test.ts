import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TestContext } from 'node:test';
import { ApiError } from '../shared/errors.ts';
import { parseCommandLine } from './commandLine.ts';
import type { CommandLine } from './commandLine.ts';
import { COMMANDS } from './commands/index.ts';
import { main } from './dirbench.ts';

/** The command line `words` parse to (throws what the parser throws). */
function parse(...words: string[]): CommandLine {
  return parseCommandLine(words, COMMANDS);
}

/** The message of the bad-input error `words` raise. */
function refusal(...words: string[]): string {
  try {
    parse(...words);
  } catch (err) {
    assert.ok(err instanceof ApiError, String(err));
    assert.equal(err.kind, 'validation');
    return err.message;
  }
  assert.fail(`dirbench ${words.join(' ')} was accepted`);
}

/** Runs the CLI in-process and returns its exit code and what it wrote to stderr. */
async function exitOf(
  t: TestContext,
  ...argv: string[]
): Promise<{ code: number; stderr: string }> {
  let stderr = '';
  t.mock.method(process.stderr, 'write', (chunk: string | Uint8Array) => {
    stderr += String(chunk);
    return true;
  });
  const code = await main(argv);
  t.mock.restoreAll();
  return { code, stderr };
}

test('an option of another command exits 2 naming the option, the command and who takes it', async (t) => {
  const { code, stderr } = await exitOf(t, 'lab', 'list', '--duration', '5');
  assert.equal(code, 2);
  assert.match(stderr, /^dirbench: lab list does not take --duration \(run, calibrate/);
  assert.match(stderr, /see "dirbench lab list --help"\n$/);
  assert.match(
    refusal('run', '--chart', 'trend'),
    /^run does not take --chart \(export takes it\)/,
  );
  assert.match(
    refusal('lab', 'list', '-g', 'rand(1,2)'),
    /^lab list does not take -g \(run and calibrate take it\)/,
  );
  assert.match(refusal('run', '--no-such-thing'), /^run does not take --no-such-thing; see/);
});

test('an option a command refuses says why', () => {
  assert.match(
    refusal('calibrate', '--target', 'ldap://127.0.0.1:1'),
    /^calibrate does not take --target: it measures against its own responder/,
  );
  assert.match(
    refusal('calibrate', '--rate', '100'),
    /calibrate does not take --rate: it finds the closed-model ceiling/,
  );
});

test('unknown commands and sub-commands exit 2 naming the valid ones', async (t) => {
  const { code, stderr } = await exitOf(t, 'lab', 'frob');
  assert.equal(code, 2);
  assert.match(stderr, /unknown lab command "frob": use lab start\|list\|stop\|destroy\|install/);
  assert.match(refusal('frob'), /unknown command "frob": use run, calibrate, .* or serve/);
  assert.match(refusal('lab'), /lab needs a command: use lab start\|list/);
  assert.match(refusal('matrix', 'frobnicate'), /unknown matrix command "frobnicate"/);
});

test('a family without a sub-command runs its default one', () => {
  const line = parse('runs', '--json');
  assert.equal(line.kind, 'command');
  assert.equal(line.kind === 'command' ? line.command.name : '', 'runs list');
});

test('options, arguments and negative numbers reach the command', () => {
  const line = parse('runs', 'tag', 'RUN-1', 'a', 'b', '--db', 'x.sqlite');
  assert.ok(line.kind === 'command');
  assert.equal(line.command.name, 'runs tag');
  assert.deepEqual(line.args, ['RUN-1', 'a', 'b']);
  assert.equal(line.options.db, 'x.sqlite');
  // joinNegativeValues: the option's own range check names it later.
  const run = parse('run', '--connections', '-1', '-g', 'rand(0,9)', '-g', 'inc(1,2)');
  assert.ok(run.kind === 'command');
  assert.equal(run.options.connections, '-1');
  assert.deepEqual(run.options.generator, ['rand(0,9)', 'inc(1,2)']);
  // Common options may come before the command.
  const early = parse('--data-dir', '/tmp/x', 'targets', 'list');
  assert.ok(early.kind === 'command');
  assert.equal(early.options['data-dir'], '/tmp/x');
});

test('a missing value, a value given to a flag and extra arguments name the option or word', () => {
  assert.match(refusal('run', '--connections'), /^run: --connections needs a value \(N\)/);
  assert.match(
    refusal('run', '--connections', '--json'),
    /^run: --connections needs a value \(N\), got "--json" \(a value starting with a dash is written --connections=VALUE\)/,
  );
  assert.match(refusal('run', '--yes=1'), /^run: --yes takes no value \(got "1"\)/);
  assert.match(refusal('lab', 'list', 'extra'), /^lab list takes no arguments; got also "extra"/);
  assert.match(refusal('lab', 'stop', 'A', 'B'), /^lab stop takes ID; got also "B"/);
  assert.match(refusal('--duration', '5'), /^--duration goes after a command \(run, calibrate/);
  assert.match(refusal('--bogus'), /^unknown option --bogus/);
});

test('help: per command, per sub-command, `help COMMAND`, and the overview', async (t) => {
  const run = parse('run', '--help');
  assert.ok(run.kind === 'help' && run.exitCode === 0);
  assert.deepEqual(parse('help', 'run'), run);
  assert.deepEqual(parse('run', '-h', '--bogus'), run);
  const labStart = parse('lab', 'start', '--help');
  assert.ok(labStart.kind === 'help');
  assert.match(labStart.text, /^dirbench lab start - /);
  assert.deepEqual(parse('help', 'lab', 'start'), labStart);
  const family = parse('lab', '--help');
  assert.ok(family.kind === 'help');
  assert.match(family.text, /^dirbench lab - [^]*Commands:\n {2}start {2,}/);
  assert.deepEqual(parse('help', 'lab'), family);
  const overview = parse('--help');
  assert.ok(overview.kind === 'help' && overview.exitCode === 0);
  assert.match(overview.text, /^ {2}matrix run {2,}runs a test matrix/m);
  assert.match(overview.text, /dirbench COMMAND --help/);
  // A bare `dirbench` is a mistake: the overview, exit 2, on stderr.
  const { code, stderr } = await exitOf(t);
  assert.equal(code, 2);
  assert.match(stderr, /^dirbench - benchmark LDAP directory servers/);
  assert.deepEqual(parse('--version'), { kind: 'version' });
  assert.match(refusal('help', 'nope'), /unknown command "nope"/);
});
