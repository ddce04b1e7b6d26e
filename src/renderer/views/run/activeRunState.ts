// Pure state of the run shown in the live view: the active run, its samples and how it ended.
import type { ActiveRun, RunSample, RunStatus } from '../../../shared/types.ts';

/** How a run ended, as announced by `run/ended`. */
export interface RunEnding {
  status: RunStatus;
  endReason: string | null;
}

/** The live view's state; `run` stays after the end so the user can read the result. */
export interface ActiveRunState {
  /** False until the first `runs/active` answer (a reload mid-run reconnects from it). */
  loaded: boolean;
  run: ActiveRun | null;
  ending: RunEnding | null;
  /** True once `run/cleaning` said load is over and workers are removing the entries the run added. */
  cleaning: boolean;
}

/** Everything that changes the live view's state. */
export type ActiveRunAction =
  | { type: 'loaded'; run: ActiveRun | null }
  | { type: 'started'; run: ActiveRun }
  | { type: 'sample'; runId: string; sample: RunSample }
  | { type: 'ended'; runId: string; ending: RunEnding }
  | { type: 'cleaning'; runId: string }
  | { type: 'dismiss' };

/** Initial state before anything is known. */
export const initialActiveRunState: ActiveRunState = {
  loaded: false,
  run: null,
  ending: null,
  cleaning: false,
};

/** Samples ordered by second, the newer copy of a second replacing the older. */
export function mergeSamples(
  current: readonly RunSample[],
  incoming: readonly RunSample[],
): RunSample[] {
  const bySecond = new Map<number, RunSample>();
  for (const sample of current) bySecond.set(sample.second, sample);
  for (const sample of incoming) bySecond.set(sample.second, sample);
  return [...bySecond.values()].sort((a, b) => a.second - b.second);
}

/** Reducer for the live view; events for other runs are ignored. */
export function activeRunReducer(state: ActiveRunState, action: ActiveRunAction): ActiveRunState {
  switch (action.type) {
    case 'loaded': {
      if (action.run === null) return { ...state, loaded: true };
      if (state.run?.runId === action.run.runId) {
        const samples = mergeSamples(state.run.samples, action.run.samples);
        return { ...state, loaded: true, run: { ...action.run, samples } };
      }
      // A UI that connects while workers clean up learns it from the snapshot.
      return {
        loaded: true,
        run: action.run,
        ending: null,
        cleaning: action.run.cleaning === true,
      };
    }
    case 'started':
      if (state.run?.runId === action.run.runId) return state;
      return { ...state, run: action.run, ending: null, cleaning: false };
    case 'sample':
      if (state.run?.runId !== action.runId) return state;
      return {
        ...state,
        run: { ...state.run, samples: mergeSamples(state.run.samples, [action.sample]) },
      };
    case 'ended':
      if (state.run?.runId !== action.runId) return state;
      return {
        ...state,
        run: { ...state.run, status: action.ending.status },
        ending: action.ending,
        cleaning: false,
      };
    case 'cleaning':
      if (state.run?.runId !== action.runId || state.ending) return state;
      return { ...state, cleaning: true };
    case 'dismiss':
      return state.ending ? { ...state, run: null, ending: null, cleaning: false } : state;
  }
}
