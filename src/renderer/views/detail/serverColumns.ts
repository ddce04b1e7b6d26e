// The columns of the servers tables (run detail and live view), so both read alike.
import { num, withUnit } from '../../components/TableCard.tsx';
import type { Column } from '../../components/TableCard.tsx';

/** Server, connections, (with `totals`, the measured phase's ops), ops/sec, share, p99 and errors. */
export function serverColumns(totals: boolean): (Column | false)[] {
  return [
    'Server',
    num('Connections'),
    totals && num('Ops'),
    num('Ops/sec'),
    num('Share'),
    num(withUnit('p99', 'ms')),
    num('Errors'),
  ];
}
