// Shows what "Test connection" found: the server's root DSE, or the failure in plain words.
import type {
  ConnectionTestResult as Result,
  LdapFailure,
  RootDseInfo,
} from '../../../shared/targetTypes.ts';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { Icon } from '../../components/Icon.tsx';
import { TermRow } from '../../components/TermRow.tsx';
import { oidName } from '../../format/ldapOids.ts';

/** Success panel with the root DSE, or the failure panel. */
export function ConnectionTestResult({ result }: { result: Result }) {
  return result.ok ? (
    <RootDsePanel rootDse={result.rootDse} bindMs={result.bindMs} />
  ) : (
    <FailurePanel failure={result.error} />
  );
}

/** The failure with its LDAP result code or network cause. */
export function FailurePanel({ failure }: { failure: LdapFailure }) {
  return (
    <div data-testid="connection-test-result" data-ok="false">
      <ErrorPanel title="Connection failed" message={failure.message}>
        <p className="error-code">
          <code data-testid="failure-code">{failure.codeName}</code>
          {failure.resultCode !== null && <span> · LDAP result code {failure.resultCode}</span>}
        </p>
      </ErrorPanel>
    </div>
  );
}

function RootDsePanel({ rootDse, bindMs }: { rootDse: RootDseInfo; bindMs: number }) {
  const vendor =
    [rootDse.vendorName, rootDse.vendorVersion].filter(Boolean).join(' ') || 'not advertised';
  return (
    <div
      className="success-panel"
      data-testid="connection-test-result"
      data-ok="true"
      role="status"
    >
      <div className="success-title">
        <Icon name="check" />
        <strong>Connected</strong>
        <span className="muted">bind took {bindMs.toFixed(1)} ms</span>
      </div>
      <dl className="dl-grid">
        <TermRow term="Vendor">
          <span data-testid="rootdse-vendor">{vendor}</span>
        </TermRow>
        <TermRow term="LDAP versions">{rootDse.supportedLDAPVersion.join(', ') || '—'}</TermRow>
        <TermRow term="Naming contexts">
          <span className="mono">{rootDse.namingContexts.join(', ') || '—'}</span>
        </TermRow>
        <TermRow term="SASL mechanisms">
          {rootDse.supportedSASLMechanisms.join(', ') || '—'}
        </TermRow>
        <TermRow term="Controls">
          <OidList oids={rootDse.supportedControl} />
        </TermRow>
        <TermRow term="Extensions">
          <OidList oids={rootDse.supportedExtension} />
        </TermRow>
      </dl>
    </div>
  );
}

function OidList({ oids }: { oids: string[] }) {
  if (oids.length === 0) return <>—</>;
  return (
    <ul className="oid-list">
      {oids.map((oid) => (
        <li key={oid} title={oid}>
          {oidName(oid) ?? <span className="muted">unknown</span>}
          <code>{oid}</code>
        </li>
      ))}
    </ul>
  );
}
