// What `dirbench generate` does: writes a directory as LDIF with its DN and bind lists (its spec is in generate.ts).
import { ApiError, invalid } from '../../shared/errors.ts';
import { LAB_SHAPES } from '../../shared/labTypes.ts';
import { isShapeName } from '../../shared/labTypes.ts';
import { generateDataset } from '../../core/datagen/generate.ts';
import type { GenerateResult, GenerateSource } from '../../core/datagen/generate.ts';
import { TemplateError } from '../../core/datagen/makeldif/errors.ts';
import { signalExitCode } from '../commandSpec.ts';
import { intOption, printJsonLine, stringOption } from '../options.ts';
import type { RawOptions } from '../options.ts';
import { progress } from '../progress.ts';
import { GENERATE_OPTIONS, TEMPLATE_OPTIONS } from './generateOptions.ts';

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
