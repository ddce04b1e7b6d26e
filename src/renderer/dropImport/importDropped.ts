// Carries out a dropped file's import through the API: a peer tool's CSV becomes a run, a matrix or
// workload JSON is saved under user/NAME; each answers where to go to see what was imported.
import type { ApiClient } from '../../shared/client.ts';
import { ApiError } from '../../shared/errors.ts';
import type { MatrixSpec } from '../../shared/matrix.ts';
import type { WorkloadSpec } from '../../shared/workload.ts';
import type { Route } from '../hooks/useHashRoute.ts';
import type { DroppedDefinition } from './dropKind.ts';
import type { ImportFormat } from '../../shared/exchange.ts';

/** Where to go after an import, and what to tell the user there. */
export interface Imported {
  route: Route;
  message: string;
}

/** The id a definition is saved under. */
export function savedId(definition: DroppedDefinition): string {
  return `user/${definition.name}`;
}

/** True when saving `definition` would replace a saved matrix or workload of that id. */
export async function replacesSaved(
  api: ApiClient,
  definition: DroppedDefinition,
): Promise<boolean> {
  const id = savedId(definition);
  const ids =
    definition.kind === 'matrix'
      ? (await api.call('matrix/list')).map((m) => m.id)
      : (await api.call('workloads/list')).map((w) => w.id);
  return ids.includes(id);
}

/** The API's refusal in words, prefixed with the file it concerns. */
export function dropFailure(fileName: string, err: unknown): string {
  const e = err instanceof ApiError ? err : ApiError.fromBody(err);
  return `"${fileName}" was not imported: ${e.message}`;
}

/** Imports a peer tool's output as a run. */
export async function importRunFile(
  api: ApiClient,
  format: ImportFormat,
  fileName: string,
  text: string,
): Promise<Imported> {
  const { runId } = await api.call('import/run', { format, fileName, text });
  return { route: { name: 'run-detail', runId }, message: `Imported "${fileName}" as a run.` };
}

/** Saves a dropped matrix or workload definition. */
export async function saveDefinition(
  api: ApiClient,
  definition: DroppedDefinition,
  fileName: string,
): Promise<Imported> {
  if (definition.kind === 'matrix') {
    const { id: _ignored, ...rest } = definition.spec;
    const spec = { ...rest, name: definition.name } as unknown as MatrixSpec;
    const saved = await api.call('matrix/save', { spec });
    return {
      route: { name: 'matrix', matrixId: saved.id },
      message: `Saved the matrix in "${fileName}" as ${saved.id}.`,
    };
  }
  const spec = { ...definition.spec, id: savedId(definition) } as unknown as WorkloadSpec;
  const saved = await api.call('workloads/save', { spec });
  return {
    route: { name: 'run' },
    message: `Saved the workload in "${fileName}" as ${saved.id}; pick it under Workload to run it.`,
  };
}
