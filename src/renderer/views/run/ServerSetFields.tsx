// "More servers" in the run form: other saved targets that share the run's connections, and how
// (round-robin, or failover to the next when the first stops answering).
import type { ServerSetMode } from '../../../shared/serverSetTypes.ts';
import type { Target } from '../../../shared/targetTypes.ts';
import { Checkbox } from '../../components/Checkbox.tsx';
import { RadioSegments } from '../../components/RadioSegments.tsx';
import type { Segment } from '../../components/RadioSegments.tsx';
import type { RunFieldProps } from './runForm.ts';

const MODES: readonly Segment<ServerSetMode>[] = [
  {
    value: 'round-robin',
    label: 'Round-robin',
    title: 'Connection i goes to server i mod N, across all workers',
  },
  {
    value: 'failover',
    label: 'Failover',
    title: 'Every connection on the first server that answers; the next one when it fails',
  },
];

/** Checkboxes for the other targets and, once one is ticked, the spread; nothing with one target. */
export function ServerSetFields({
  values,
  errors,
  onChange,
  targets,
}: RunFieldProps & { targets: Target[] }) {
  const others = targets.filter((t) => t.id !== values.targetId);
  if (others.length === 0) return null;
  const chosen = values.moreTargetIds.filter((id) => others.some((t) => t.id === id));
  const toggle = (id: string, on: boolean): void =>
    onChange({ moreTargetIds: on ? [...chosen, id] : chosen.filter((c) => c !== id) });
  return (
    <div className="form-row server-set">
      <fieldset className="field agent-picker" id="run-moreTargetIds" tabIndex={-1}>
        <legend>
          More servers <span className="muted">(optional: the run's connections are shared)</span>
        </legend>
        <div className="agent-choices" data-testid="run-more-targets">
          {others.map((t) => (
            <Checkbox key={t.id} checked={chosen.includes(t.id)} onCheck={(on) => toggle(t.id, on)}>
              {t.name}
              <span className="agent-choice-meta mono">{t.url}</span>
            </Checkbox>
          ))}
        </div>
        {errors.moreTargetIds && (
          <p className="field-error" role="alert">
            {errors.moreTargetIds}
          </p>
        )}
      </fieldset>
      {chosen.length > 0 && (
        <RadioSegments<ServerSetMode>
          id="run-serverSetMode"
          legend="Spread connections"
          name="run-serverSetMode"
          value={values.serverSetMode}
          options={MODES}
          onChange={(serverSetMode) => onChange({ serverSetMode })}
        />
      )}
    </div>
  );
}
