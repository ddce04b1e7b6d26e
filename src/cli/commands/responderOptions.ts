// The options of `dirbench responder`: read by its spec (help, parsing) and by the command itself.
import type { OptionTable } from '../commandSpec.ts';

/** Where the responder listens and how it serves. */
export const RESPONDER_OPTIONS = {
  port: { type: 'string', value: 'N', description: 'port to listen on (default: a free one)' },
  host: {
    type: 'string',
    value: 'ADDRESS',
    description:
      'interface to listen on (another than loopback lets other machines in: no one is authenticated)',
    default: '127.0.0.1',
  },
  slots: {
    type: 'string',
    value: 'C',
    description:
      'service slots: requests served at once, the rest queue first come first served (with --service-us)',
  },
  'service-us': {
    type: 'string',
    value: 'US',
    description:
      'microseconds a slot takes per request (with --slots); the true capacity is C x 1,000,000 / US ops/s',
  },
} as const satisfies OptionTable;
