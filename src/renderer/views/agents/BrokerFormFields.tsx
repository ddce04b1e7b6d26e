// The start-broker form's fields: agent names, who may reach the broker, and its port.
import { InputField, NumericField } from '../../components/FieldControls.tsx';
import { RadioSegments } from '../../components/RadioSegments.tsx';
import { agentNamesOf } from './brokerForm.ts';
import type { BrokerFormValues, BrokerReach } from './brokerForm.ts';
import type { BrokerField } from './useStartBrokerForm.ts';

const REACH_HINT: Readonly<Record<BrokerReach, string>> = {
  local: 'Listens on 127.0.0.1: agents on this machine only',
  network: 'Listens on every interface: open its port to the agents’ machines',
};

/** The three fields, each with the error `shown` gives it. */
export function BrokerFormFields({
  values,
  set,
  shown,
}: {
  values: BrokerFormValues;
  set: <K extends keyof BrokerFormValues>(key: K, value: BrokerFormValues[K]) => void;
  shown: (field: BrokerField) => string | undefined;
}) {
  const names = agentNamesOf(values.agents);
  return (
    <>
      <InputField
        id="broker-agents"
        label="Agent names"
        className="mono"
        spellCheck={false}
        value={values.agents}
        onValue={(text) => set('agents', text)}
        error={shown('agents')}
        hint={
          names.length > 0
            ? `${names.length} agent${names.length === 1 ? '' : 's'}: comma-separated names, or a count`
            : 'Comma-separated names, or a count (3 gives agent-1 to agent-3)'
        }
      />
      <RadioSegments<BrokerReach>
        id="broker-reach"
        legend="Reachable from"
        name="broker-reach"
        value={values.reach}
        options={[
          { value: 'local', label: 'This machine' },
          { value: 'network', label: 'Other machines too' },
        ]}
        onChange={(reach) => set('reach', reach)}
        error={shown('reach')}
        hint={REACH_HINT[values.reach]}
      />
      <NumericField
        id="broker-port"
        label={
          <>
            Port <span className="label-optional">optional</span>
          </>
        }
        placeholder="a free one"
        min={1}
        max={65_535}
        value={values.port}
        onValue={(text) => set('port', text)}
        error={shown('port')}
      />
    </>
  );
}
