import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { parseCommandLine } from './commandLine.ts';
import { allCommands, EXIT_CODES, optionTable, unionTable } from './commandSpec.ts';
import { COMMANDS } from './commands/index.ts';
import { commandArgv } from './docs/docsRefs.ts';
import { commandHelp, DOCS_DIR, exitCodesLine, overview } from './help.ts';

const commands = allCommands(COMMANDS);

/** The long options a text mentions (`--name`), without their dashes; a peer tool's (`searchrate --csv`) are not ours. */
function mentioned(text: string): Set<string> {
  const ours = /(?<![\w-])(?<!searchrate )--([a-z][a-z0-9-]*)/g;
  return new Set([...text.matchAll(ours)].map((m) => m[1] as string));
}

test('every command has a summary, usage, at least one example and help naming its options', () => {
  for (const command of commands) {
    assert.ok(command.summary.length > 0, command.name);
    assert.ok(command.examples.length >= 1, `${command.name} has no example`);
    for (const usage of command.usage.filter((u) => u.startsWith('dirbench')))
      assert.ok(usage.startsWith(`dirbench ${command.name}`), `${command.name}: ${usage}`);
    const help = commandHelp(command);
    for (const name of Object.keys(optionTable(command)))
      assert.ok(help.includes(`--${name}`), `${command.name} help lacks --${name}`);
    assert.ok(help.endsWith(`${exitCodesLine()}\n`), command.name);
  }
});

test("a command's help mentions only its own options", () => {
  for (const command of commands) {
    const table = optionTable(command);
    const foreign = [...mentioned(commandHelp(command))].filter((name) => !(name in table));
    assert.deepEqual(foreign, [], `dirbench ${command.name} --help names options it does not take`);
  }
  const run = commandHelp(commands.find((c) => c.name === 'run') ?? assert.fail('no run'));
  assert.match(run, /--connections N/);
  assert.doesNotMatch(run, /--chart/);
  const labList = commandHelp(commands.find((c) => c.name === 'lab list') ?? assert.fail());
  assert.doesNotMatch(labList, /--duration/);
});

test('every example is a command line its command accepts', () => {
  for (const command of commands) {
    for (const example of command.examples) {
      assert.ok(example.line.startsWith(`dirbench ${command.name}`), example.line);
      const line = parseCommandLine(commandArgv(example.line), COMMANDS);
      assert.equal(line.kind, 'command', example.line);
      assert.equal(line.kind === 'command' ? line.command.name : '', command.name);
    }
  }
});

test('every option has a one-line description, and string options a value placeholder', () => {
  for (const command of commands) {
    for (const [name, spec] of Object.entries(optionTable(command))) {
      const where = `${command.name} --${name}`;
      assert.ok(spec.description.trim().length > 0, `${where} has no description`);
      assert.ok(!spec.description.includes('\n'), `${where}: description is not one line`);
      if (spec.type === 'string') assert.ok(spec.value, `${where} has no value placeholder`);
    }
  }
});

test('an option means the same kind of value in every command', () => {
  assert.doesNotThrow(() => unionTable(commands.map((c) => optionTable(c))));
  assert.throws(
    () =>
      unionTable([
        { seed: { type: 'string', description: 'a' } },
        { seed: { type: 'boolean', description: 'b' } },
      ]),
    /--seed is declared with different types/,
  );
  assert.throws(
    () =>
      optionTable({
        name: 'x',
        groups: [
          { title: 'A', options: { seed: { type: 'string', description: 'a' } } },
          { title: 'B', options: { seed: { type: 'string', description: 'b' } } },
        ],
      }),
    /x: --seed is declared twice/,
  );
});

test('the overview lists every command once and the exit codes', () => {
  const text = overview(COMMANDS);
  for (const command of commands)
    assert.match(text, new RegExp(`^ {2}${command.name} {2,}\\S`, 'm'), command.name);
  for (const { code, meaning } of EXIT_CODES) assert.ok(text.includes(`${code} ${meaning}`));
  assert.match(text, /--db FILE/);
  assert.match(text, /--version/);
});

test('long examples continue with a backslash between options, never inside quotes', () => {
  const run = commands.find((c) => c.name === 'run') ?? assert.fail('no run');
  const help = commandHelp(run);
  const lines = help.split('\n');
  assert.ok(lines.every((l) => l.length <= 100 || !l.endsWith('\\')));
  assert.match(help, / \\\n {6}--/);
  assert.match(help, /--filter '\(cn=\[entry:cn\]\)'/);
});

test('the overview points to the guide and the command reference, which exist', () => {
  const text = overview(COMMANDS);
  const named = [...text.matchAll(/^(?:Docs:)?\s+(\/\S+\.md) \(/gm)].map((m) => m[1] ?? '');
  assert.deepEqual(named, [`${DOCS_DIR}README.md`, `${DOCS_DIR}cli.md`]);
  for (const file of named) assert.ok(existsSync(file), `${file} exists`);
});
