import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ApiEventMessage } from '../../shared/api.ts';
import { ApiError } from '../../shared/errors.ts';
import type { LabInfo, LabProgress } from '../../shared/labTypes.ts';
import type { TargetInput } from '../../shared/targetTypes.ts';
import type { LabBuild, LabManager } from './labManager.ts';
import { toInfo } from './labRecord.ts';
import type { LabStartRequest } from './labRecord.ts';
import type { TargetsRepo } from '../store/targetsRepo.ts';
import { storedLabFixture } from '../testing/labFixture.ts';
import { labHandlers } from '../api/labHandlers.ts';
import { startLabAndWait } from './labStart.ts';

/** The live events, kept in order, with the listeners a waiter adds. */
function eventBus() {
  const sent: ApiEventMessage[] = [];
  const listeners = new Set<(m: ApiEventMessage) => void>();
  return {
    sent,
    listeners,
    emit: (m: ApiEventMessage) => {
      sent.push(m);
      for (const listener of listeners) listener(m);
    },
    subscribe: (listener: (m: ApiEventMessage) => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

function labInfo(id: string, state: LabInfo['state']): LabInfo {
  return toInfo(storedLabFixture(id, { state }));
}

/**
 * A lab manager whose builds end only when the test says (finish, fail, or stop as a cancel), and
 * that reports its first step before `begin` answers, as the real one does.
 */
class FakeLabs {
  readonly begun: LabStartRequest[] = [];
  refuse: ApiError | null = null;
  readonly #builds = new Map<string, { resolve(l: LabInfo): void; reject(e: unknown): void }>();
  readonly #emit: (m: ApiEventMessage) => void;

  constructor(emit: (m: ApiEventMessage) => void) {
    this.#emit = emit;
  }

  async begin(req: LabStartRequest): Promise<LabBuild> {
    if (this.refuse !== null) throw this.refuse;
    this.begun.push(req);
    const id = `lab-00000${this.begun.length}`;
    const ready = new Promise<LabInfo>((resolve, reject) =>
      this.#builds.set(id, { resolve, reject }),
    );
    this.progress(id, 'generate');
    return { lab: labInfo(id, 'loading'), ready };
  }

  progress(labId: string, step: LabProgress['step']): void {
    this.#emit({
      event: 'lab/progress',
      payload: { labId, step, done: 0, total: 1, message: step },
    });
  }

  finish(id: string): void {
    this.#builds.get(id)?.resolve({ ...labInfo(id, 'running'), serverVersion: 'OpenLDAP 2.6' });
  }

  fail(id: string, err: unknown): void {
    this.#builds.get(id)?.reject(err);
  }

  get(id: string) {
    return storedLabFixture(id);
  }

  async stop(id: string): Promise<LabInfo> {
    this.fail(
      id,
      new ApiError('failed', `Lab ${id} was stopped before it was ready.`, undefined, {
        code: 'cancelled',
      }),
    );
    return labInfo(id, 'failed');
  }
}

/** A targets repo that records what is saved; `broken` makes saving throw. */
function fakeTargets() {
  const saved: { input: TargetInput; labId: string | null }[] = [];
  const repo = {
    saved,
    broken: false,
    save(input: TargetInput, labId: string | null = null) {
      if (repo.broken) throw new Error('disk I/O error');
      saved.push({ input, labId });
      return { id: `tgt_${saved.length}` };
    },
    list: () => saved.map((s, i) => ({ id: `tgt_${i + 1}`, labId: s.labId })),
    deleteForLab: () => undefined,
  };
  return repo;
}

function setup() {
  const bus = eventBus();
  const labs = new FakeLabs(bus.emit);
  const targets = fakeTargets();
  const handlers = labHandlers(
    labs as unknown as LabManager,
    targets as unknown as TargetsRepo,
    bus.emit,
  );
  const deps = {
    labs: labs as unknown as LabManager,
    targets: targets as unknown as TargetsRepo,
    emit: bus.emit,
    subscribe: bus.subscribe,
  };
  return { bus, labs, targets, handlers, deps };
}

/** Lets promise callbacks queued so far run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

const eventNames = (sent: ApiEventMessage[]) => sent.map((m) => m.event);

test('lab/start answers the new lab at once; its end follows as events carrying its id', async () => {
  const { bus, labs, targets, handlers } = setup();
  const answer = await handlers['lab/start']({ kind: 'openldap', entries: 100 });
  assert.equal(answer.labId, 'lab-000001');
  assert.equal(answer.lab.id, answer.labId);
  assert.equal(answer.lab.state, 'loading');
  assert.equal(labs.begun[0]?.persistent, false, 'a lab started from a UI dies with its host');
  await settle();
  assert.deepEqual(eventNames(bus.sent), ['lab/progress'], 'no end while the build goes on');
  assert.equal(targets.saved.length, 0);

  labs.finish(answer.labId);
  await settle();
  assert.deepEqual(eventNames(bus.sent), ['lab/progress', 'targets/changed', 'lab/ended']);
  const ended = bus.sent.at(-1);
  assert.ok(ended?.event === 'lab/ended' && ended.payload.status === 'ready');
  assert.equal(ended.payload.labId, answer.labId);
  assert.equal(ended.payload.lab.state, 'running');
  assert.equal(ended.payload.lab.targetId, 'tgt_1', 'the lab is a target before it is announced');
  assert.equal(targets.saved[0]?.labId, answer.labId);
  assert.equal(targets.saved[0]?.input.passwordFile, `/labs/${answer.labId}/root.pw`);
});

test('a failed build ends with its ApiError, a stop while starting as cancelled', async () => {
  const { bus, labs, targets, handlers } = setup();
  const failing = await handlers['lab/start']({ kind: 'openldap', entries: 100 });
  const stopped = await handlers['lab/start']({ kind: 'openldap', entries: 100 });
  const published = await handlers['lab/start']({ kind: 'openldap', entries: 100 });

  labs.fail(failing.labId, new ApiError('failed', `Lab ${failing.labId} could not start: no`));
  await handlers['lab/stop']({ id: stopped.labId });
  targets.broken = true;
  labs.finish(published.labId);
  await settle();

  const ends = bus.sent.flatMap((m) => (m.event === 'lab/ended' ? [m.payload] : []));
  assert.deepEqual(
    ends.map((e) => [e.labId, e.status === 'failed' ? (e.error.code ?? e.error.kind) : 'ready']),
    [
      [failing.labId, 'failed'],
      [stopped.labId, 'cancelled'],
      [published.labId, 'failed'],
    ],
  );
  const [failed, , unpublished] = ends;
  assert.ok(failed?.status === 'failed' && unpublished?.status === 'failed');
  assert.equal(failed.error.message, `Lab ${failing.labId} could not start: no`);
  assert.equal(
    unpublished.error.message,
    `Lab ${published.labId} could not start: disk I/O error`,
    'an error that is not an ApiError still ends the start, as a failure',
  );
  assert.equal(targets.saved.length, 0);
});

test('a request refused up front is answered as its ApiError and announces nothing', async () => {
  const { bus, labs, handlers } = setup();
  labs.refuse = new ApiError('validation', 'entries must be between 1 and 10000000', 'entries');
  await assert.rejects(handlers['lab/start']({ kind: 'openldap', entries: 0 }), {
    kind: 'validation',
    field: 'entries',
  });
  await settle();
  assert.deepEqual(bus.sent, []);
});

test('startLabAndWait follows its own lab by id, from the events sent before the answer to its end', async () => {
  const { bus, labs, deps } = setup();
  const progress: LabProgress[] = [];
  let begun: LabInfo | null = null;
  const waiting = startLabAndWait(
    deps,
    { kind: 'openldap', entries: 100, persistent: true },
    { onProgress: (p) => progress.push(p), onBegun: (lab) => (begun = lab) },
  );
  await settle();
  assert.equal((begun as LabInfo | null)?.id, 'lab-000001');
  assert.equal(labs.begun[0]?.persistent, true, 'the caller decides whether the lab outlives it');
  labs.progress('lab-999999', 'load');
  labs.progress('lab-000001', 'load');
  labs.finish('lab-000001');
  const lab = await waiting;
  assert.equal(lab.targetId, 'tgt_1');
  assert.deepEqual(
    progress.map((p) => [p.labId, p.step]),
    [
      ['lab-000001', 'generate'],
      ['lab-000001', 'load'],
    ],
  );
  assert.equal(bus.listeners.size, 0, 'it stops listening once the lab is ready');
});

test('startLabAndWait rejects with the ApiError its lab ended with, code included', async () => {
  const { bus, labs, deps } = setup();
  const waiting = startLabAndWait(deps, { kind: 'openldap', entries: 100 });
  await settle();
  await labs.stop('lab-000001');
  await assert.rejects(waiting, (err: unknown) => {
    assert.ok(err instanceof ApiError);
    assert.equal(err.code, 'cancelled');
    assert.match(err.message, /stopped before it was ready/);
    return true;
  });
  assert.equal(bus.listeners.size, 0);

  labs.refuse = new ApiError('unavailable', 'slapd is not installed');
  await assert.rejects(startLabAndWait(deps, { kind: 'openldap', entries: 100 }), {
    kind: 'unavailable',
  });
  assert.equal(bus.listeners.size, 0, 'a refused start leaves no listener behind');
});
