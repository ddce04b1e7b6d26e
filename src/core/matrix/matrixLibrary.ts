// Every matrix a campaign can run: the built-in ones in data/matrices and the user's saved ones,
// checked against what they name (workloads, index profiles, targets) before anything starts.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { ApiError, invalid } from '../../shared/errors.ts';
import type { MatrixCheck, MatrixListItem, MatrixSpec } from '../../shared/matrix.ts';
import { checkThresholdLabels } from '../../shared/thresholdCheck.ts';
import { parseThresholds } from '../../shared/thresholds.ts';
import { workloadLabels } from '../../shared/workload.ts';
import {
  estimateMatrixS,
  expandMatrixCells,
  labBuildCount,
  validateMatrixSpec,
} from '../../shared/matrixSpec.ts';
import type { ConcurrencyLookup } from '../../shared/matrixSpecCells.ts';
import { resourcePath } from '../base/resources.ts';
import { resolveIndexProfile } from '../lab/indexProfiles.ts';
import type { MatrixRepo } from '../store/matrixRepo.ts';
import type { TargetsRepo } from '../store/targetsRepo.ts';
import type { WorkloadLibrary } from '../workload/library.ts';
import { refuseBuiltInDelete } from '../base/savedIds.ts';

/** Re-throws a validation error of a nested check under `field` (e.g. `workloads[2]`). */
function under<T>(field: string, fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof ApiError && (err.kind === 'validation' || err.kind === 'not-found'))
      throw invalid(field, `${field}: ${err.message}`);
    throw err;
  }
}

/** Reads data/matrices/NAME.json as `builtin/NAME`; a broken shipped file says which one. */
function readBuiltins(dir: string): MatrixSpec[] {
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  } catch {
    return [];
  }
  return files.sort().map((file) => {
    const path = join(dir, file);
    try {
      const raw = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
      return validateMatrixSpec({ ...raw, id: `builtin/${basename(file, '.json')}` });
    } catch (err) {
      throw new ApiError(
        'failed',
        `the built-in matrix ${path} is broken: ${(err as Error).message}`,
      );
    }
  });
}

/** Looks matrices up by id, saves the user's, and checks a spec into its cells and estimate. */
export class MatrixLibrary {
  private readonly repo: MatrixRepo;
  private readonly workloads: WorkloadLibrary;
  private readonly targets: TargetsRepo;
  private readonly dir: string;
  private builtins: MatrixSpec[] | null = null;

  constructor(repo: MatrixRepo, workloads: WorkloadLibrary, targets: TargetsRepo, dir?: string) {
    this.repo = repo;
    this.workloads = workloads;
    this.targets = targets;
    this.dir = dir ?? resourcePath('data', 'matrices');
  }

  private builtin(): MatrixSpec[] {
    this.builtins ??= readBuiltins(this.dir);
    return this.builtins;
  }

  /** Built-in matrices first, then the saved ones, with cell counts and estimates. */
  list(): MatrixListItem[] {
    return [...this.builtin(), ...this.repo.list()].map((spec) => {
      const cells = expandMatrixCells(spec, this.concurrencyOf);
      return {
        id: spec.id ?? '',
        name: spec.name,
        description: spec.description ?? '',
        builtin: spec.id?.startsWith('builtin/') === true,
        cells: cells.length,
        estimatedS: estimateMatrixS(spec, undefined, cells),
      };
    });
  }

  /** The matrix `id` (`builtin/NAME` or `user/NAME`); not-found naming the ones there are. */
  get(id: string): MatrixSpec {
    const found =
      this.builtin().find((m) => m.id === id) ??
      (id.startsWith('user/') ? this.repo.find(id) : null);
    if (found === null || found === undefined) {
      const known = this.builtin().map((m) => m.id);
      throw new ApiError(
        'not-found',
        `no matrix ${id}: built-in ones are ${known.join(', ')}; saved ones are user/NAME`,
        'id',
        { subject: 'matrix' },
      );
    }
    return found;
  }

  /** The catalog concurrency of a workload, for matrices that run at the study's. */
  readonly concurrencyOf: ConcurrencyLookup = (workload) => {
    try {
      return this.workloads.get(workload).concurrency ?? null;
    } catch {
      return null;
    }
  };

  /** Validates a spec and everything it names; answers its cells in run order and estimated time. */
  check(input: unknown): MatrixCheck {
    const spec = validateMatrixSpec(input);
    const hasLab = spec.servers.some((s) => 'lab' in s);
    const thresholds = parseThresholds(spec.thresholds ?? [], 'thresholds');
    spec.workloads.forEach((w, i) => {
      const workload = under(`workloads[${i}]`, () => this.workloads.get(w));
      // A threshold per operation label must name a label of every workload it will judge.
      try {
        checkThresholdLabels(thresholds, workloadLabels(workload), 'thresholds');
      } catch (err) {
        if (!(err instanceof ApiError) || err.field === undefined) throw err;
        throw invalid(err.field, `${err.message} (in workloads[${i}] ${w})`);
      }
      const expected = workload.expects?.shape;
      // Its [entry:...] patterns read attributes only the expected shape's generator writes.
      if (hasLab && expected !== undefined && expected !== spec.shape) {
        throw invalid(
          `workloads[${i}]`,
          `workloads[${i}] ${w} runs on the ${expected} directory shape but the matrix builds ${spec.shape ?? 'salford'} labs: set "shape": "${expected}" or run it in another matrix`,
        );
      }
    });
    if (hasLab) {
      spec.indexProfiles.forEach((p, i) =>
        under(`indexProfiles[${i}]`, () => resolveIndexProfile(p)),
      );
    }
    spec.servers.forEach((s, i) => {
      if ('targetId' in s) under(`servers[${i}].targetId`, () => this.targets.get(s.targetId));
      (('moreTargetIds' in s && s.moreTargetIds) || []).forEach((id, j) =>
        under(`servers[${i}].moreTargetIds[${j}]`, () => this.targets.get(id)),
      );
    });
    const cells = expandMatrixCells(spec, this.concurrencyOf);
    return {
      spec,
      cells,
      labBuilds: labBuildCount(cells),
      estimatedS: estimateMatrixS(spec, undefined, cells),
    };
  }

  /** Checks and saves a matrix as `user/NAME` (from its name). */
  save(input: unknown): MatrixListItem {
    const { spec } = this.check(input);
    const saved = this.repo.save(spec);
    const item = this.list().find((m) => m.id === saved.id);
    if (item === undefined) throw new ApiError('failed', `matrix ${saved.id} was not saved`);
    return item;
  }

  /** Deletes a saved matrix; built-in ones cannot be deleted. */
  delete(id: string): void {
    refuseBuiltInDelete(id, 'matrices');
    this.repo.delete(id);
  }
}
