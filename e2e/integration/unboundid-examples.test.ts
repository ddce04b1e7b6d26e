// searchrate, modrate and authrate command lines carry over to `dirbench run`: the Examples of their
// own --help (copied into fixtures/unboundid-help-examples.json), translated option by option by the
// table in src/cli/rateToolOptions.ts, run through the real CLI against a test slapd holding the
// entries they address (makeldif's example.template). DN patterns that name their own DNs need no
// --target-base; [entry:] patterns, which sample existing entries, still ask for it.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { RATE_TOOL_OPTIONS, RATE_TOOLS } from '../../src/cli/rateToolOptions.ts';
import { rateToolOption, translateRateTool } from '../../src/cli/rateToolTranslate.ts';
import { runCli } from './cliHarness.ts';
import type { CliResult } from './cliHarness.ts';
import { startTestSlapd } from './engine-slapd.ts';
import type { TestSlapd } from './engine-slapd.ts';
import { exampleCommands, helpOptionLines, longName } from './fixtures/unboundidHelp.ts';
import type { UnboundidHelpFixture } from './fixtures/unboundidHelp.ts';

const fixture = JSON.parse(
  readFileSync(new URL('./fixtures/unboundid-help-examples.json', import.meta.url), 'utf8'),
) as UnboundidHelpFixture;
const TEMPLATE = fileURLToPath(new URL(`../../${fixture.lab.template}`, import.meta.url));
const ADMIN = 'uid=admin,dc=example,dc=com';
const PASSWORD = 'password';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dirbench-unboundid-examples-'));
const ldif = path.join(dataDir, 'example.ldif');
let server: TestSlapd | null = null;

function cli(args: string[]): Promise<CliResult> {
  return runCli(args, dataDir, 60_000);
}

/** `args` with option `name` set to `value` (replaced where present, else added). */
function withOption(args: string[], name: string, value: string): string[] {
  const at = args.indexOf(name);
  if (at < 0) return [...args, name, value];
  return args.map((a, i) => (i === at + 1 ? value : a));
}

/** A short --json run of `args` (`run ...`); the summary after checking it exited 0. */
async function shortRun(
  args: string[],
): Promise<{ summary: Record<string, unknown>; stderr: string }> {
  const timed = withOption(withOption(args, '--warmup', '0'), '--duration', '2');
  const { code, stdout, stderr } = await cli([...timed, '--json']);
  assert.equal(code, 0, `dirbench ${timed.join(' ')}\n${stderr}`);
  return { summary: JSON.parse(stdout) as Record<string, unknown>, stderr };
}

function assertWorked(summary: Record<string, unknown>, what: string): void {
  assert.equal(summary['status'], 'completed', what);
  assert.equal(summary['errors'], 0, `${what}: ${JSON.stringify(summary['errorsByCode'])}`);
  assert.ok((summary['ops'] as number) > 0, `${what}: no operation completed`);
}

describe('UnboundID rate tools: the --help examples as dirbench run', () => {
  before(async () => {
    const generated = await cli([
      'generate',
      '--template',
      TEMPLATE,
      '--entries-override',
      String(fixture.lab.entries),
      '--seed',
      '1',
      '--out',
      ldif,
    ]);
    assert.equal(generated.code, 0, generated.stderr);
    server = await startTestSlapd(fixture.lab.entries, {
      data: {
        suffix: 'dc=example,dc=com',
        baseDn: 'dc=example,dc=com',
        rootDn: ADMIN,
        rootPw: PASSWORD,
        ldifFile: ldif,
        indexes: ['uid'],
      },
    });
  });

  after(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("the fixture is the tools' own --help, and the table has one row per option they list", () => {
    assert.match(fixture.sdk, /UnboundID LDAP SDK for Java \d+\.\d+\.\d+/);
    for (const tool of RATE_TOOLS) {
      const listed = fixture.tools[tool].options;
      assert.ok(listed.length > 50, `${tool}: ${listed.length} options copied`);
      for (const line of listed) {
        const row = rateToolOption(tool, longName(line));
        assert.ok(row !== undefined, `${tool} ${line} has no row in rateToolOptions.ts`);
        const short = /^(-[A-Za-z]),/.exec(line)?.[1];
        assert.equal(row.short, short, `${tool} ${line}: short name`);
        assert.equal(row.takesValue, line.includes('{'), `${tool} ${line}: takes a value`);
      }
      const names = new Set(listed.map(longName));
      for (const row of RATE_TOOL_OPTIONS.filter((r) => r.tools.includes(tool))) {
        assert.ok(names.has(row.long), `${tool} --help does not list ${row.long}`);
      }
      assert.deepEqual(helpOptionLines(fixture.tools[tool].examples), []);
      // The examples' argv is what their help text says, word for word.
      assert.deepEqual(
        fixture.examples.filter((e) => e.tool === tool).map((e) => e.argv),
        exampleCommands(fixture.tools[tool].examples, tool),
      );
    }
  });

  test('each example translates by the table as the fixture records it', () => {
    assert.equal(fixture.examples.length, 6);
    for (const example of fixture.examples) {
      const translated = translateRateTool(example.tool, example.argv);
      const runnable = translated.notTranslated.length === 0;
      assert.deepEqual(
        { dirbench: runnable ? translated.argv : null, env: translated.env },
        { dirbench: example.dirbench, env: example.env },
        `${example.tool} ${example.argv.join(' ')}`,
      );
      assert.deepEqual(translated.notTranslated, example.notTranslated);
      for (const left of translated.notTranslated) assert.ok(left.why.length > 20, left.option);
    }
    // The load examples translate whole; only generating a sample rate file has no equivalent.
    assert.deepEqual(
      fixture.examples.filter((e) => e.dirbench === null).map((e) => e.argv[0]),
      ['--generateSampleRateFile', '--generateSampleRateFile', '--generateSampleRateFile'],
    );
  });

  test('the translated load examples run against the server: exit 0, no errors, ops > 0', async () => {
    const url = server?.url ?? '';
    for (const example of fixture.examples) {
      if (example.dirbench === null) continue;
      // Ranges scaled to the test directory (see fixture.lab), the examples' host replaced by ours.
      let args = example.dirbench.map((arg) =>
        Object.entries(fixture.lab.scaled).reduce((a, [from, to]) => a.split(from).join(to), arg),
      );
      args = withOption(args, '--target', url);
      // The CLI inherits this process's environment: the bind password travels there.
      Object.assign(process.env, example.env);
      const { summary, stderr } = await shortRun(args);
      assertWorked(summary, `${example.tool} example`);
      // No example names a subtree to sample, and none needs one.
      assert.doesNotMatch(stderr, /target-base DN/);
    }
  });

  test("DN files need no --target-base: the target gets the server's naming context", async () => {
    const dns = `${ldif}.dns`;
    const auth = ['--target', server?.url ?? '', '--bind-dn', ADMIN, '--password-env', 'PW'];
    process.env['PW'] = PASSWORD;
    try {
      const search = await shortRun([
        'run',
        ...auth,
        '--op',
        'search',
        '--base',
        `[file:${dns}]`,
        '--scope',
        'base',
        '--connections',
        '2',
      ]);
      assertWorked(search.summary, 'search --base [file:]');
      assert.equal(search.summary['entriesPerOp'], 1);
      assert.match(
        search.stderr,
        /Target base DN dc=example,dc=com, the server's first naming context/,
      );
      const modify = await shortRun([
        'run',
        ...auth,
        '--op',
        'modify',
        '--entry-dn',
        `[sequentialfile:${dns}]`,
        '--attribute',
        'description',
        '--value-length',
        '12',
        '--connections',
        '2',
      ]);
      assertWorked(modify.summary, 'modify --entry-dn [sequentialfile:]');
      const literal = await shortRun([
        'run',
        ...auth,
        '--op',
        'modify',
        '--entry-dn',
        'uid=user.[1-10000],ou=People,dc=example,dc=com',
        '--attribute',
        'description',
        '--connections',
        '2',
      ]);
      assertWorked(literal.summary, 'modify --entry-dn with a range');
      assert.match(
        literal.stderr,
        /Target base DN ou=People,dc=example,dc=com, from the workload's DNs/,
      );
    } finally {
      delete process.env['PW'];
    }
  });

  test('[entry:] patterns sample existing entries: without a subtree the error names --target-base', async () => {
    const url = server?.url ?? '';
    const entry = await cli([
      'run',
      '--target',
      url,
      '--op',
      'search',
      '--base',
      '[entry:dn]',
      '--scope',
      'base',
    ]);
    assert.equal(entry.code, 2);
    assert.match(
      entry.stderr,
      /--base "\[entry:dn\]" reads existing entries.*add --target-base DN/,
    );
    // With the subtree named, the same command runs.
    const named = await shortRun([
      'run',
      '--target',
      url,
      '--target-base',
      'ou=People,dc=example,dc=com',
      '--op',
      'search',
      '--base',
      '[entry:dn]',
      '--scope',
      'base',
      '--connections',
      '2',
    ]);
    assertWorked(named.summary, 'search --base [entry:dn] --target-base');
    const builtIn = await cli(['run', '--target', url]);
    assert.equal(builtIn.code, 2);
    assert.match(builtIn.stderr, /workload read-random reads existing entries.*add --base DN/);
  });
});
