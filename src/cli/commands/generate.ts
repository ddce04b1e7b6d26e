// `dirbench generate`: a deterministic directory as LDIF (a built-in shape or a makeldif template) plus its DN and bind lists.
import { ApiError, invalid } from '../../shared/errors.ts';
import { LAB_SHAPES } from '../../shared/labTypes.ts';
import { isShapeName } from '../../core/datagen/shapes.ts';
import { generateDataset } from '../../core/datagen/generate.ts';
import type { GenerateResult, GenerateSource } from '../../core/datagen/generate.ts';
import { TemplateError } from '../../core/datagen/makeldif/errors.ts';
import { signalExitCode } from '../commandSpec.ts';
import type { CommandSpec, OptionTable } from '../commandSpec.ts';
import { commonGroup } from '../commonOptions.ts';
import { givenText, intOption, printJsonLine, stringOption } from '../options.ts';
import type { RawOptions } from '../options.ts';
import { progress } from '../progress.ts';

/** What to generate and where: a built-in shape or a makeldif template. */
const GENERATE_OPTIONS = {
  shape: {
    type: 'string',
    value: LAB_SHAPES.join('|'),
    description:
      "a built-in directory: Salford's c=gb/o=Salford tree or M-Vault's flat o=Test,c=BA",
  },
  entries: { type: 'string', value: 'N', description: 'with --shape: how many persons' },
  template: {
    type: 'string',
    value: 'FILE',
    description: 'an OpenDJ/SLAMD makeldif template instead of --shape',
  },
  seed: {
    type: 'string',
    value: 'S',
    description: 'the same seed gives the same LDIF, byte for byte',
    default: 1,
  },
  out: {
    type: 'string',
    value: 'FILE',
    description:
      'the LDIF to write; FILE.dns (person DNs) and FILE.binds (DN<TAB>password) beside it',
  },
} as const satisfies OptionTable;

/** Options that only a template run takes. */
const TEMPLATE_OPTIONS = {
  'resource-dir': {
    type: 'string',
    value: 'DIR',
    description: "where the template's resource files are (default: beside the template)",
  },
  'entries-override': {
    type: 'string',
    value: 'N',
    description: "sets the template's numusers",
  },
  constant: {
    type: 'string',
    multiple: true,
    value: 'NAME=VALUE',
    description: "sets a template constant, like makeldif's -c",
  },
} as const satisfies OptionTable;
const TEMPLATE_ONLY = Object.keys(TEMPLATE_OPTIONS);

/** `--constant NAME=VALUE` (repeatable) as a map, like makeldif's -c. */
function constantsOption(options: RawOptions): Record<string, string> | undefined {
  const raw = options.constant;
  if (raw === undefined) return undefined;
  const list = Array.isArray(raw) ? raw : [raw];
  const constants: Record<string, string> = {};
  for (const item of list) {
    const text = String(item);
    const eq = text.indexOf('=');
    if (eq <= 0) throw invalid('--constant', `--constant must be NAME=VALUE, got "${text}"`);
    constants[text.slice(0, eq).trim()] = text.slice(eq + 1);
  }
  return constants;
}

/** The generation the options ask for. */
export function generateSourceFromOptions(options: RawOptions): GenerateSource {
  const seed = intOption(options, 'seed', GENERATE_OPTIONS.seed.default, -(2 ** 31), 2 ** 32 - 1);
  const shape = options.shape;
  const template = options.template;
  if (shape !== undefined && template !== undefined)
    throw invalid('--shape', 'give either --shape or --template, not both');
  if (typeof template === 'string') {
    if (options.entries !== undefined) {
      throw invalid(
        '--entries',
        '--entries sizes a --shape; for a template use --entries-override N (sets its numusers)',
      );
    }
    const override =
      options['entries-override'] === undefined
        ? undefined
        : intOption(options, 'entries-override', 0, 0, Number.MAX_SAFE_INTEGER);
    const resourceDir = options['resource-dir'];
    return {
      kind: 'template',
      templatePath: template,
      resourceDir: typeof resourceDir === 'string' ? resourceDir : undefined,
      entriesOverride: override,
      constants: constantsOption(options),
      seed,
    };
  }
  if (typeof shape !== 'string') {
    throw invalid(
      '--shape',
      `--shape ${LAB_SHAPES.join('|')} or --template FILE is required: what to generate`,
    );
  }
  if (!isShapeName(shape))
    throw invalid('--shape', `--shape must be ${LAB_SHAPES.join(' or ')}, got "${shape}"`);
  for (const name of TEMPLATE_ONLY) {
    if (options[name] !== undefined)
      throw invalid(`--${name}`, `--${name} applies to --template runs only`);
  }
  if (options.entries === undefined)
    throw invalid('--entries', '--entries N is required with --shape: how many persons');
  const entries = intOption(options, 'entries', 0, 0, Number.MAX_SAFE_INTEGER);
  return { kind: 'shape', shape, entries, seed };
}

function fmt(n: number, digits = 0): string {
  return n.toLocaleString('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}

function megabytes(bytes: number): string {
  return `${fmt(bytes / 1e6, 1)} MB`;
}

function summary(result: GenerateResult): string {
  const rate = result.seconds > 0 ? result.entries / result.seconds : result.entries;
  return (
    `Generated ${fmt(result.entries)} entries (${fmt(result.persons)} listed) in ${fmt(result.seconds, 2)} s: ` +
    `${fmt(rate)} entries/s, ${megabytes(result.bytes)}\n` +
    `  LDIF   ${result.ldifPath} (suffix ${result.suffix}, base ${result.baseDn})\n` +
    `  DNs    ${result.dnsPath}\n` +
    `  binds  ${result.bindsPath}\n`
  );
}

/**
 * Writes the LDIF and its side files, printing progress on stderr (src/cli/progress.ts) and a
 * summary (or `--json`) on stdout. Ctrl-C cancels: the temporary files are removed and nothing is
 * left under the output names.
 */
export async function generateCommand(options: RawOptions): Promise<number> {
  const source = generateSourceFromOptions(options);
  const out = stringOption(options, 'out', 'the LDIF file to write, e.g. --out people.ldif');
  const controller = new AbortController();
  let stoppedBy: NodeJS.Signals = 'SIGINT';
  const onSignal = (signal: NodeJS.Signals): void => {
    stoppedBy = signal;
    controller.abort();
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  let done = 0;
  let total = 0;
  const started = performance.now();
  // A line a second on a terminal; elsewhere one every few seconds.
  const shown = progress();
  const ticker = setInterval(() => {
    const s = (performance.now() - started) / 1000;
    const percent = total > 0 ? Math.floor((done / total) * 100) : 0;
    shown.show(
      'generate',
      `[${String(percent).padStart(3)}%] ${fmt(done)}/${fmt(total)} entries, ${fmt(s > 0 ? done / s : 0)} entries/s`,
    );
  }, 1000);
  try {
    const result = await generateDataset(source, out, {
      signal: controller.signal,
      onProgress: (d, t) => {
        done = d;
        total = t;
      },
    });
    for (const warning of result.warnings) process.stderr.write(`dirbench: warning: ${warning}\n`);
    if (options.json === true) printJsonLine(result);
    else process.stdout.write(summary(result));
    return 0;
  } catch (err) {
    if (controller.signal.aborted) {
      process.stderr.write('dirbench: generation cancelled; no output file was left\n');
      return signalExitCode(stoppedBy);
    }
    if (err instanceof TemplateError) throw invalid('--template', err.message);
    if (err instanceof RangeError) throw invalid('--entries', err.message);
    throw new ApiError('failed', `generation failed: ${(err as Error).message}`);
  } finally {
    clearInterval(ticker);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

/** `dirbench generate`. */
export const generateSpec: CommandSpec = {
  name: 'generate',
  summary:
    'a directory as LDIF (a built-in shape or a makeldif template), plus its DN and bind lists',
  usage: [
    `dirbench generate --shape ${LAB_SHAPES.join('|')} --entries N [--seed S] --out FILE [--json]`,
    'dirbench generate --template FILE [--resource-dir DIR] [--entries-override N] [--constant NAME=VALUE]',
    '                  [--seed S] --out FILE [--json]',
  ],
  args: [],
  about: [
    'The LDIF is deterministic for a seed. Progress goes to stderr every second (every 5 s when',
    'stderr is not a terminal); Ctrl-C leaves no file.',
  ],
  groups: [
    { title: 'Options', options: GENERATE_OPTIONS },
    { title: 'With --template', options: TEMPLATE_OPTIONS },
    commonGroup('the result (entries, persons, seconds, bytes, ldifPath, dnsPath, bindsPath, ...)'),
  ],
  examples: [
    {
      what: 'the Salford directory at a million persons',
      line: 'dirbench generate --shape salford --entries 1000000 --seed 7 --out salford-1m.ldif',
    },
    {
      what: "OpenDJ's example template at 100,000 users",
      line: 'dirbench generate --template example.template --entries-override 100000 --out people.ldif',
    },
  ],
  run: (_args, options) => generateCommand(options),
  activity: (_args, options) => `generate ${givenText(options, 'out', 'LDIF')}`,
};
