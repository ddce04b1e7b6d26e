// The start-lab form's server options: how the directory is loaded, TLS and replicas.
import { familyWords, LAB_KINDS } from '../../../shared/labKinds.ts';
import { RadioSegments } from '../../components/RadioSegments.tsx';
import { effectiveTls, REPLICA_KINDS, TLS_KINDS } from './labForm.ts';
import { LabNumberField } from './LabNumberField.tsx';
import type { LabFormBinding } from './useStartLabForm.ts';

/** The kinds that serve TLS and those that have replicas, in words for the hints. */
const TLS_FAMILIES = familyWords([...TLS_KINDS]);
const REPLICA_FAMILIES = familyWords([...REPLICA_KINDS]);

const OVER_LDAP = 'LDAP adds on the running server, parents first';

/** Bulk loader or adds over LDAP (then with how many connections). */
function LabLoadField({ form }: { form: LabFormBinding }) {
  const { values, set, shown } = form;
  const text = LAB_KINDS[values.kind].form;
  return (
    <div className="start-lab-load">
      <RadioSegments
        id="lab-load"
        legend="Load"
        name="lab-load"
        value={values.load}
        options={[
          {
            value: 'offline',
            label: 'Bulk loader',
            title:
              text.offlineLoad ?? `${text.loader} into the stopped server (Salford's load times)`,
          },
          { value: 'protocol', label: 'Over LDAP', title: OVER_LDAP },
        ]}
        onChange={(v) => set('load', v)}
        error={shown('load')}
        hint={
          values.load === 'offline'
            ? (text.offlineLoad ?? `${text.loader} while the server is stopped`)
            : OVER_LDAP
        }
      />
      {values.load === 'protocol' && <LabNumberField form={form} field="loadConnections" />}
    </div>
  );
}

/** Off, StartTLS or LDAPS; only the kinds that serve TLS may pick the latter two. */
function LabTlsField({ form }: { form: LabFormBinding }) {
  const { values, set, shown } = form;
  const tlsCapable = TLS_KINDS.has(values.kind);
  const short = LAB_KINDS[values.kind].family.name;
  const tls = effectiveTls(values);
  return (
    <RadioSegments
      id="lab-tls"
      legend="TLS"
      name="lab-tls"
      value={tls}
      options={[
        { value: 'off', label: 'Off' },
        { value: 'starttls', label: 'StartTLS', disabled: !tlsCapable },
        { value: 'ldaps', label: 'LDAPS', disabled: !tlsCapable },
      ]}
      onChange={(v) => set('tls', v)}
      error={shown('tls')}
      hint={
        tlsCapable
          ? tls === 'off'
            ? 'Plain LDAP on the loopback port'
            : 'The lab makes its own CA; its target verifies against it'
          : `Only ${TLS_FAMILIES} labs serve TLS so far; ${short} labs use plain LDAP`
      }
      className="start-lab-tls"
    />
  );
}

/** None, one or two consumers; only the kinds that replicate may have them. */
function LabReplicasField({ form }: { form: LabFormBinding }) {
  const { values, set, shown } = form;
  const replicaCapable = REPLICA_KINDS.has(values.kind);
  const short = LAB_KINDS[values.kind].family.name;
  return (
    <RadioSegments
      id="lab-replicas"
      legend="Replicas"
      name="lab-replicas"
      value={replicaCapable ? values.replicas : '0'}
      options={(['0', '1', '2'] as const).map((n) => ({
        value: n,
        label: n === '0' ? 'None' : n,
        disabled: n !== '0' && !replicaCapable,
      }))}
      onChange={(v) => set('replicas', v)}
      error={shown('replicas')}
      hint={
        replicaCapable
          ? values.replicas === '0'
            ? 'One server'
            : `Each consumer is its own ${short} server; runs report their lag`
          : `Only ${REPLICA_FAMILIES} labs have replicas so far`
      }
      className="start-lab-replicas"
    />
  );
}

/** The load, TLS and replicas choices, side by side. */
export function LabOptionFields({ form }: { form: LabFormBinding }) {
  return (
    <div className="start-lab-options">
      <LabLoadField form={form} />
      <LabTlsField form={form} />
      <LabReplicasField form={form} />
    </div>
  );
}
