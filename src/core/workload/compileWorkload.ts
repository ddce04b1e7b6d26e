// Turns a workload definition into what a worker runs: a weighted pick of operations, each expanded
// afresh, plus the pool the run adds before load and the cleanup that removes what it added.
import type { Client } from 'ldapts';
import { NoSuchObjectError } from 'ldapts';
import type { WorkloadOperation, WorkloadSpec } from '../../shared/workload.ts';
import { workloadLabels } from '../../shared/workload.ts';
import type { Prng } from '../datagen/prng.ts';
import type { LdapConnectionParams } from '../ldap/connection.ts';
import type { ConnectionCounters } from '../ldap/connectionCounters.ts';
import type { EntryPicker } from './entryPicker.ts';
import { OpContext } from './opContext.ts';
import { compileAdd } from './ops/add.ts';
import { compileBind } from './ops/bind.ts';
import { compileCompare } from './ops/compare.ts';
import { compileDelete } from './ops/delete.ts';
import { compileModify } from './ops/modify.ts';
import { compileModifyDn } from './ops/modrdn.ts';
import type { ExpandedOp, OpFactory, OpTools } from './ops/opTypes.ts';
import { compileSearch } from './ops/search.ts';
import { compileSearchAndModify } from './ops/searchAndModify.ts';
import { templateExpander } from './ops/template.ts';
import { OwnEntries } from './ownEntries.ts';
import { parseValuePattern } from '../pattern/index.ts';

/** What compiling needs besides the definition. */
export interface WorkloadRuntime {
  rng: Prng;
  /** Existing entries for [entry:...] tokens; null when the target offers none. */
  picker: EntryPicker | null;
  /** Prefix of this worker's [unique] values: unique per run and worker. */
  uniquePrefix: string;
  /** This worker's share of sequential patterns. */
  sequence: { offset: number; stride: number };
  /** Where relative pattern file paths start (the workload file's folder). */
  baseDir?: string;
  params: LdapConnectionParams;
  counters: ConnectionCounters;
  passwordFiles: Readonly<Record<string, string>>;
}

/** One expanded operation: the index of the label it is counted under, how to run it and its lean request. */
export interface PreparedOp extends ExpandedOp {
  readonly labelIndex: number;
}

/** Requests kept in flight while adding the pool or cleaning up. */
const HOUSEKEEPING_DEPTH = 8;

type OperationKind = WorkloadOperation['kind'];

/** Compiles the operations of one kind. */
type Compiler<K extends OperationKind> = (
  operation: Extract<WorkloadOperation, { kind: K }>,
  tools: OpTools,
) => OpFactory;

/** How each kind of operation compiles. */
const COMPILERS: { [K in OperationKind]: Compiler<K> } = {
  search: compileSearch,
  add: compileAdd,
  delete: compileDelete,
  modify: compileModify,
  modrdn: compileModifyDn,
  compare: compileCompare,
  bind: compileBind,
  'search-and-modify': compileSearchAndModify,
};

/** Compiles one operation with the compiler of its kind. */
const compileOperation = <K extends OperationKind>(
  operation: Extract<WorkloadOperation, { kind: K }>,
  tools: OpTools,
): OpFactory => COMPILERS[operation.kind](operation, tools);

/** A workload ready to run in one worker. */
export class CompiledWorkload {
  readonly labels: string[];
  readonly own = new OwnEntries();
  private readonly ctx: OpContext;
  private readonly factories: OpFactory[];
  private readonly labelIndexes: number[];
  /** Running totals of the weights, for the weighted pick. */
  private readonly cumulative: number[];
  private readonly totalWeight: number;
  private readonly spec: WorkloadSpec;
  private readonly tools: OpTools;

  constructor(spec: WorkloadSpec, runtime: WorkloadRuntime) {
    this.spec = spec;
    this.ctx = new OpContext(runtime.rng, runtime.picker, runtime.uniquePrefix);
    const parseOptions = { sequence: runtime.sequence, baseDir: runtime.baseDir };
    this.tools = {
      pattern: (text) => parseValuePattern(text, parseOptions),
      own: this.own,
      params: runtime.params,
      counters: runtime.counters,
      passwordFiles: runtime.passwordFiles,
    };
    this.factories = spec.operations.map((o) => compileOperation(o.operation, this.tools));
    this.labels = workloadLabels(spec);
    this.labelIndexes = spec.operations.map((o) => this.labels.indexOf(o.label));
    let sum = 0;
    this.cumulative = spec.operations.map((o) => (sum += o.weight));
    this.totalWeight = sum;
  }

  /** Picks the next operation by weight and expands its patterns. */
  next(): PreparedOp {
    const ctx = this.ctx;
    ctx.begin();
    let i = 0;
    if (this.factories.length > 1) {
      const draw = ctx.rng.next() * this.totalWeight;
      while (i < this.cumulative.length - 1 && draw >= (this.cumulative[i] as number)) i++;
    }
    const { run, lean } = (this.factories[i] as OpFactory)(ctx);
    return { labelIndex: (this.labelIndexes[i] as number) + ctx.variant, run, lean };
  }

  /** Adds this worker's `entries` pool entries (unmeasured) so deletes and renames have something to take. */
  async addPool(
    client: Client,
    entries: number,
    stop: () => boolean,
    onProgress?: (done: number) => void,
  ): Promise<void> {
    const pool = this.spec.pool;
    if (pool === undefined || entries <= 0) return;
    const expand = templateExpander(pool.template, this.tools);
    let started = 0;
    let done = 0;
    const adder = async (): Promise<void> => {
      while (started < entries && !stop()) {
        started++;
        this.ctx.begin();
        const entry = expand(this.ctx);
        await client.add(entry.dn, entry.attributes);
        this.own.put(entry.dn);
        done++;
        onProgress?.(done);
      }
    };
    await Promise.all(Array.from({ length: Math.min(HOUSEKEEPING_DEPTH, entries) }, adder));
  }

  /** Deletes every entry the run added and has not deleted; returns how many could not be removed. */
  async cleanup(client: Client): Promise<number> {
    const dns = this.own.drain();
    let next = 0;
    let failed = 0;
    const remover = async (): Promise<void> => {
      while (next < dns.length) {
        const dn = dns[next++] as string;
        try {
          await client.del(dn);
        } catch (err) {
          if (!(err instanceof NoSuchObjectError)) failed++;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(HOUSEKEEPING_DEPTH, dns.length) }, remover));
    return failed;
  }
}
