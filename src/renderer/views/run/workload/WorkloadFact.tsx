// One fact of a workload (source, mix, expectations, load) as the picker and a run's detail show it.
import type { ComponentProps } from 'react';
import { TermRow } from '../../../components/TermRow.tsx';

/** A row of a workload's `wd-facts` list. */
export function WorkloadFact(props: Omit<ComponentProps<typeof TermRow>, 'className'>) {
  return <TermRow className="wd-fact" {...props} />;
}
