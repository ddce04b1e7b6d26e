// A lab's details row: credentials and paths to copy, indexes, times, TLS and a command to try it.
import type { ReactNode } from 'react';
import type { LabInfo } from '../../../shared/labTypes.ts';
import { Copyable } from '../../components/CopyButton.tsx';
import { TermRow } from '../../components/TermRow.tsx';
import { formatDateTime } from '../../format/dates.ts';
import { formatInt } from '../../format/numbers.ts';
import { LAB_KINDS } from '../../../shared/labKinds.ts';
import { loadRate } from './labForm.ts';
import {
  ldapsearchCommand,
  loadedEntries,
  loadMethodText,
  shapeLabel,
  stepTimesText,
  tlsLabel,
} from './labFacts.ts';

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <TermRow className="lab-details-row" term={term}>
      {children}
    </TermRow>
  );
}

/** The facts a script or a person needs to use the lab outside DirBench. */
export function LabDetails({ lab, id }: { lab: LabInfo; id: string }) {
  const tls = tlsLabel(lab);
  const rate = loadRate(loadedEntries(lab), lab.loadS);
  const notes = LAB_KINDS[lab.kind].form.notes;
  return (
    <dl className="lab-details" id={id} data-testid="lab-details">
      <Row term="Bind DN">
        <Copyable value={lab.bindDn} label={`Copy the bind DN of lab ${lab.id}`} />
      </Row>
      <Row term="Password file">
        <Copyable value={lab.passwordFile} label={`Copy the password file path of lab ${lab.id}`} />
      </Row>
      <Row term="Base DN">
        <code>{lab.baseDn}</code>
        <span className="muted"> in {lab.suffix}</span>
      </Row>
      <Row term="Directory">
        {shapeLabel(lab.shape)} shape, {formatInt(lab.entries)} people, seed {lab.seed}
        {lab.verifiedEntries !== null && (
          <span className="muted">
            {' '}
            · {formatInt(lab.verifiedEntries)} entries counted on the server
          </span>
        )}
      </Row>
      <Row term="Indexes">
        <span className="index-chips-inline">
          <span className="muted">{lab.indexProfile}:</span>
          {lab.indexes.map((line) => (
            <code key={line} className="index-chip">
              {line}
            </code>
          ))}
        </span>
      </Row>
      <Row term="Times">
        {stepTimesText(lab)}
        {rate !== null && (
          <span className="cell-sub">
            {formatInt(rate)} entries/s{' '}
            {loadMethodText(lab).replace(/^bulk loader/, 'with the bulk loader')}
          </span>
        )}
      </Row>
      {lab.tls && (
        <Row term="TLS">
          {tls} · CA{' '}
          <Copyable value={lab.tls.caFile} label={`Copy the CA file path of lab ${lab.id}`} />
          {lab.tls.mode === 'ldaps' && (
            <span className="muted"> · plain LDAP also on {lab.url}</span>
          )}
        </Row>
      )}
      {(lab.replicas ?? []).length > 0 && (
        <Row term="Replicas">
          <span className="lab-replicas" data-testid="lab-replica-list">
            {(lab.replicas ?? []).map((r, i) => (
              <span key={r.url}>
                <Copyable
                  value={r.url}
                  label={`Copy the URL of replica ${i + 1} of lab ${lab.id}`}
                />
                <span className="muted"> {r.pid === null ? 'stopped' : `PID ${r.pid}`}</span>
              </span>
            ))}
            <span className="cell-sub">
              {lab.serverVersion ?? lab.kind} consumers of {lab.url}, verified equal before use;
              runs report each one&apos;s replication lag
            </span>
          </span>
        </Row>
      )}
      {notes !== undefined && <Row term="Server">{notes}</Row>}
      <Row term="Files">
        <code>{lab.dataDir}</code>
        <span className="muted"> · created {formatDateTime(lab.createdAt)}</span>
      </Row>
      <Row term="Try it">
        <Copyable
          value={ldapsearchCommand(lab)}
          label={`Copy an ldapsearch command for lab ${lab.id}`}
        />
      </Row>
    </dl>
  );
}
