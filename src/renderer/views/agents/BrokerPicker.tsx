// Which broker to reach the agents through: one of this data folder's running brokers, or one
// elsewhere by its tls:// URL with the coordinator's credentials file the broker wrote.
import { useState } from 'react';
import type { BrokerListing } from '../../../shared/agentTypes.ts';
import { InputField, SelectField } from '../../components/FieldControls.tsx';
import { isBrokerUrl, runningBrokers } from './agentFacts.ts';
import type { BrokerRef } from './useAgentsPoll.ts';

/** The select's value for "a broker given by URL". */
const BY_URL = 'url:';

/** Messages for the picker's fields, by the request field they belong to. */
export type BrokerFieldErrors = Partial<Record<'broker' | 'credentialsFile' | 'caFile', string>>;

/** The fields of a broker given by URL: its address, and the files the coordinator connects with. */
const URL_FIELDS: {
  key: keyof BrokerFieldErrors;
  suffix: string;
  label: string;
  placeholder: string;
  hint?: string;
}[] = [
  {
    key: 'broker',
    suffix: 'broker-url',
    label: 'Broker URL',
    placeholder: 'tls://bench-host:4222',
  },
  {
    key: 'credentialsFile',
    suffix: 'credentials-file',
    label: 'Coordinator credentials file',
    placeholder: '/path/to/coordinator.creds.json',
    hint: 'Written by the broker; read on the machine DirBench runs on.',
  },
  {
    key: 'caFile',
    suffix: 'ca-file',
    label: 'Broker CA file',
    placeholder: "optional: the credentials file's",
  },
];

function brokerLabel(b: BrokerListing): string {
  const agents = b.agents.length === 1 ? '1 agent' : `${b.agents.length} agents`;
  return `${b.id} — ${b.url} (${agents})`;
}

/** The broker select and, for a broker by URL, its address and files; ids are `${idPrefix}-broker` etc. */
export function BrokerPicker({
  idPrefix,
  brokers,
  value,
  onChange,
  errors = {},
}: {
  idPrefix: string;
  brokers: readonly BrokerListing[];
  value: BrokerRef;
  onChange: (ref: BrokerRef) => void;
  errors?: BrokerFieldErrors;
}) {
  const running = runningBrokers(brokers);
  // A value that names no running broker (a URL, or none at all) is edited as a URL.
  const [byUrl, setByUrl] = useState(
    () => isBrokerUrl(value.broker) || !running.some((b) => b.id === value.broker),
  );
  const options = [
    ...running.map((b) => ({ value: b.id, label: brokerLabel(b) })),
    { value: BY_URL, label: 'Another broker, by URL…' },
  ];
  const pick = (choice: string): void => {
    if (choice === BY_URL) {
      setByUrl(true);
      onChange({ broker: isBrokerUrl(value.broker) ? value.broker : '' });
    } else {
      setByUrl(false);
      onChange({ broker: choice });
    }
  };
  const set = (patch: Partial<BrokerRef>): void => {
    const next: BrokerRef = { ...value, ...patch };
    // Blank files are left out: the request then says which one a URL still needs.
    if (next.caFile?.trim() === '') delete next.caFile;
    if (next.credentialsFile?.trim() === '') delete next.credentialsFile;
    onChange(next);
  };
  return (
    <div className="broker-picker">
      <SelectField
        id={`${idPrefix}-broker`}
        label="Broker"
        value={byUrl ? BY_URL : value.broker}
        options={options}
        onValue={pick}
        error={byUrl ? undefined : errors.broker}
        hint={
          running.length === 0
            ? 'No broker of this data folder is running: start one above, or give a URL.'
            : undefined
        }
      />
      {byUrl &&
        URL_FIELDS.map(({ key, suffix, label, placeholder, hint }) => (
          <InputField
            key={key}
            id={`${idPrefix}-${suffix}`}
            label={label}
            className="mono"
            placeholder={placeholder}
            spellCheck={false}
            value={value[key] ?? ''}
            error={errors[key]}
            hint={hint}
            onValue={(text) => set({ [key]: key === 'broker' ? text.trim() : text })}
          />
        ))}
    </div>
  );
}
