// Argument touches that keep CLI errors about the option: negative numbers reach their range check,
// and the API's field names are shown as the options a user typed.

/** Options whose value is a string, by name (node:util parseArgs's option table). */
type OptionTable = Readonly<Record<string, { type: 'string' | 'boolean' }>>;

/**
 * Joins `--name -5` into `--name=-5` for string options, so parseArgs hands the negative number to
 * the option's own check ("--connections must be between 1 and 10000, got -5") instead of calling
 * the argument ambiguous.
 */
export function joinNegativeValues(argv: readonly string[], options: OptionTable): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const next = argv[i + 1];
    const name = arg.startsWith('--') ? arg.slice(2) : null;
    if (
      name !== null &&
      options[name]?.type === 'string' &&
      next !== undefined &&
      /^-(\d|\.\d|Infinity$)/.test(next)
    ) {
      out.push(`${arg}=${next}`);
      i++;
    } else out.push(arg);
  }
  return out;
}

// API fields that a CLI option fills, where the two names differ.
const API_FIELD_OPTIONS: Readonly<Record<string, string>> = {
  url: '--target',
  targetId: '--target',
  baseDn: '--base',
  bindDn: '--bind-dn',
  indexProfile: '--index',
  kind: 'lab kind',
  entries: '--entries',
  connections: '--connections',
  depth: '--depth',
  warmupS: '--warmup',
  durationS: '--duration',
  cooldownS: '--cooldown',
  targetOpsPerSec: '--rate',
  workers: '--workers',
  seed: '--seed',
  policy: '--policy',
  poolEntries: '--pool',
};

/** The option a user typed for an API field (`baseDn` -> `--base`); other fields (file paths such as sizes[0]) as they are. */
export function optionForField(field: string): string {
  return API_FIELD_OPTIONS[field] ?? field;
}
