// `dirbench responder`: the built-in responder on its own, optionally with a service model whose
// true capacity is known, until stopped. The work is in responderImpl.ts, loaded when it runs.
import type { CommandSpec } from '../commandSpec.ts';
import { commonGroup } from '../commonOptions.ts';
import { givenText } from '../options.ts';
import { RESPONDER_OPTIONS } from './responderOptions.ts';

/** `dirbench responder`. */
export const responderSpec: CommandSpec = {
  name: 'responder',
  summary: 'a test LDAP server with a known answer: the built-in responder, served until stopped',
  usage: ['dirbench responder [--port N] [--host 127.0.0.1] [--slots C --service-us US] [--json]'],
  args: [],
  about: [
    'Serves the built-in responder (the server calibrate measures against: canned entries, any DN,',
    'any simple bind) and prints its URL. Alone it answers at once, so a run against it measures the',
    'client. With --slots C --service-us US each request waits for one of C slots and holds it US',
    'microseconds, the rest queueing first come first served: the true capacity, C x 1,000,000 / US',
    'ops/s, is printed with the URL, so a client set-up or a capacity search can be checked against',
    'a known answer.',
    'Answers leave by a timer that may be up to about a millisecond late: that adds to latency, not',
    "to the slots' busy time. Ctrl-C or SIGTERM stops it (exit 0).",
  ],
  groups: [
    { title: 'Options', options: RESPONDER_OPTIONS },
    commonGroup('{ url, host, port, baseDn, slots, serviceUs, capacityOpsPerSec } once listening'),
  ],
  examples: [
    { what: 'a responder that answers at once, on a free port', line: 'dirbench responder' },
    {
      what: 'a server of 8,000 ops/s: 4 slots of 500 us',
      line: 'dirbench responder --port 3890 --slots 4 --service-us 500',
    },
  ],
  run: async (_args, options) => (await import('./responderImpl.ts')).responderCommand(options),
  activity: (_args, options) =>
    `responder on ${givenText(options, 'host', RESPONDER_OPTIONS.host.default)}:${givenText(options, 'port', '0')}`,
};
