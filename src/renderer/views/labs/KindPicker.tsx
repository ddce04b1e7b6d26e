// The server kinds this host can run as radio cards; a missing one says why and how to install it.
import type { LabAvailability, LabKind } from '../../../shared/labTypes.ts';
import { CopyButton } from '../../components/CopyButton.tsx';
import { Icon } from '../../components/Icon.tsx';
import { LAB_KIND_LIST, LAB_KINDS } from '../../../shared/labKinds.ts';
import { splitAvailabilityDetail } from './labForm.ts';

/** What was found, shortened to its first part ("slapd: /usr/sbin/slapd"). */
function foundText(detail: string): string {
  return detail.split(';')[0]?.trim() ?? detail;
}

/** A kind this machine cannot run: the reason, the install command to copy, the full message. */
export function UnavailableKind({ availability }: { availability: LabAvailability }) {
  const { title, family } = LAB_KINDS[availability.kind];
  const { reason, commands } = splitAvailabilityDetail(availability.detail);
  // "389 Directory Server is not installed." names the server already: no heading before it.
  const named = [title, family.name].some((name) =>
    reason.toLowerCase().includes(name.toLowerCase()),
  );
  return (
    <div className="unavailable-kind" data-testid="lab-unavailable" data-kind={availability.kind}>
      <Icon name="alert" size={15} />
      <div className="unavailable-kind-body">
        <p>
          {named ? (
            <strong>{reason}</strong>
          ) : (
            <>
              <strong>{title} is not available here.</strong> {reason}
            </>
          )}
        </p>
        {commands.map((command) => (
          <div className="command-block" key={command}>
            <code>{command}</code>
            <CopyButton value={command} label={`Copy the command for ${title}`} />
          </div>
        ))}
        {commands.length === 0 && <pre className="command-block">{availability.detail}</pre>}
        {commands.length > 0 && (
          <details className="unavailable-kind-more">
            <summary>Full message</summary>
            <p>{availability.detail}</p>
          </details>
        )}
      </div>
    </div>
  );
}

/** Radio cards for the kinds the host reports, in a fixed order; unavailable ones are disabled. */
export function KindPicker({
  availability,
  value,
  onChange,
  disabled,
  error,
}: {
  availability: readonly LabAvailability[];
  value: LabKind;
  onChange: (kind: LabKind) => void;
  disabled: boolean;
  error: string | undefined;
}) {
  const kinds = LAB_KIND_LIST.flatMap((k) => availability.filter((a) => a.kind === k));
  const missing = kinds.filter((a) => !a.available);
  return (
    <fieldset
      className="kind-picker"
      disabled={disabled}
      data-field="kind"
      aria-describedby={error ? 'lab-kind-error' : undefined}
    >
      <legend>Server</legend>
      <div className="kind-options">
        {kinds.map((a) => {
          const { title } = LAB_KINDS[a.kind];
          return (
            <label
              key={a.kind}
              className="kind-option"
              data-kind={a.kind}
              data-available={a.available}
              title={a.available ? a.detail : undefined}
            >
              <input
                type="radio"
                name="lab-kind"
                value={a.kind}
                checked={value === a.kind}
                disabled={!a.available}
                onChange={() => onChange(a.kind)}
                aria-labelledby={`lab-kind-${a.kind}-title`}
                aria-describedby={`lab-kind-${a.kind}-detail`}
              />
              <span className="kind-option-text">
                <span className="kind-option-title" id={`lab-kind-${a.kind}-title`}>
                  {title}
                </span>
                <span className="kind-option-detail" id={`lab-kind-${a.kind}-detail`}>
                  {a.available ? foundText(a.detail) : 'Not installed'}
                </span>
              </span>
            </label>
          );
        })}
      </div>
      {error && (
        <p className="field-error" id="lab-kind-error" role="alert">
          {error}
        </p>
      )}
      {missing.map((a) => (
        <UnavailableKind key={a.kind} availability={a} />
      ))}
    </fieldset>
  );
}
