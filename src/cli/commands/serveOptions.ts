// The options of `dirbench serve`: read by its spec (help, parsing) and by the command itself.
import type { OptionTable } from '../commandSpec.ts';

/** Where browser mode listens. */
export const SERVE_OPTIONS = {
  port: {
    type: 'string',
    value: 'N',
    description: 'port to listen on (0 picks a free one)',
    default: 7389,
  },
  host: {
    type: 'string',
    value: 'ADDRESS',
    description: 'interface to listen on; another than loopback needs --allow-remote',
    default: '127.0.0.1',
  },
  'allow-remote': {
    type: 'boolean',
    description:
      'allow --host on another interface (prints a warning: anyone who reaches it with the token can send load from here)',
  },
} as const satisfies OptionTable;
