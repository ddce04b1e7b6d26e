// `dirbench generate`: a deterministic directory as LDIF (a built-in shape or a makeldif template) plus its DN and bind lists.
// The work is in generateImpl.ts, loaded when the command runs.
import { LAB_SHAPES } from '../../shared/labTypes.ts';
import type { CommandSpec } from '../commandSpec.ts';
import { GENERATE_OPTIONS, TEMPLATE_OPTIONS } from './generateOptions.ts';
import { commonGroup } from '../commonOptions.ts';
import { givenText } from '../options.ts';

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
  run: async (_args, options) => (await import('./generateImpl.ts')).generateCommand(options),
  activity: (_args, options) => `generate ${givenText(options, 'out', 'LDIF')}`,
};
