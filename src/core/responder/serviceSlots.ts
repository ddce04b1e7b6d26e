// The responder's service model as arithmetic: C slots, each busy S microseconds per request,
// requests served first come, first served. Each slot keeps a virtual clock (when it is next free),
// so a request's completion time is exact whatever the timers that later release its answer do.

/** A server of `slots` workers, each taking `serviceUs` per request: its true capacity is slots / serviceUs. */
export interface ServiceModel {
  slots: number;
  serviceUs: number;
}

/** Largest number of service slots (a sanity bound: more than any directory server has threads). */
export const MAX_SERVICE_SLOTS = 10_000;
/** Longest service time, one minute: beyond it a client's timeouts, not the model, decide. */
export const MAX_SERVICE_US = 60_000_000;

/** The model's true capacity in operations per second: each slot completes one request per serviceUs. */
export function capacityOpsPerSec(model: ServiceModel): number {
  return (model.slots * 1_000_000) / model.serviceUs;
}

/** Throws on a model the responder cannot run (the CLI checks its options first, naming them). */
export function checkServiceModel(model: ServiceModel): void {
  const { slots, serviceUs } = model;
  if (!Number.isInteger(slots) || slots < 1 || slots > MAX_SERVICE_SLOTS)
    throw new RangeError(`service slots must be a whole number from 1 to ${MAX_SERVICE_SLOTS}`);
  if (!Number.isInteger(serviceUs) || serviceUs < 1 || serviceUs > MAX_SERVICE_US)
    throw new RangeError(`service time must be a whole number of us from 1 to ${MAX_SERVICE_US}`);
}

/**
 * When each slot is next free, in arrival order. A request takes the slot that frees first and
 * starts when both it and the slot are there. Because every request takes the same time and starts
 * no earlier than the one before it, the slot it takes becomes the last to free: the slots are used
 * in turn (a ring, O(1) per request), and completion times never decrease (answers leave in FIFO
 * order, whichever connection they belong to).
 */
export class SlotSchedule {
  private readonly freeAtUs: Float64Array;
  private next = 0;
  private lastArrivalUs = -Infinity;
  private readonly serviceUs: number;

  constructor(model: ServiceModel) {
    checkServiceModel(model);
    this.freeAtUs = new Float64Array(model.slots).fill(-Infinity);
    this.serviceUs = model.serviceUs;
  }

  /** Books the request that arrived at `arrivalUs`; its completion time. */
  admit(arrivalUs: number): number {
    // The ring holds only for arrivals in order; a clock that stepped back counts as no time passed.
    this.lastArrivalUs = Math.max(this.lastArrivalUs, arrivalUs);
    const slot = this.next;
    const startUs = Math.max(this.lastArrivalUs, this.freeAtUs[slot] ?? -Infinity);
    const doneUs = startUs + this.serviceUs;
    this.freeAtUs[slot] = doneUs;
    this.next = slot + 1 === this.freeAtUs.length ? 0 : slot + 1;
    return doneUs;
  }
}
