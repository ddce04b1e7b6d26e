// A run's DN list sent to an agent in parts: a list sampled from a target (up to 100,000 DNs, with
// their attribute values) is bigger than one broker message may be (1 MB by default). The parts go
// to the agent as direct requests before its prepare request, never into a stream; the prepare
// request's start messages then carry an empty list the agent fills from the parts.
import type { DnSource } from '../workload/dnSource.ts';
import type { PrepareRequest } from './agentRunProtocol.ts';

/** Largest part, in bytes of JSON: well under a broker's smallest usual message limit. */
export const DN_PART_BYTES = 256 * 1024;

/** One part of a run's DN list. */
export interface DnPart {
  runId: string;
  /** From 0. */
  part: number;
  parts: number;
  dns: string[];
  columns?: Record<string, string[]>;
}

type ListSource = Extract<DnSource, { kind: 'list' }>;

/** Bytes of `value` as JSON. */
const jsonBytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value));

/**
 * `request` made small enough for one message: when its workers' DN list is over `maxBytes`, the
 * list is cut into parts and the request keeps an empty list and the number of parts.
 */
export function splitPrepare(
  request: PrepareRequest,
  maxBytes = DN_PART_BYTES,
): { request: PrepareRequest; parts: DnPart[] } {
  const source = request.workers[0]?.start.dnSource;
  if (source?.kind !== 'list' || jsonBytes(request) <= maxBytes) return { request, parts: [] };
  const parts = cutList(request.runId, source, maxBytes);
  const empty: ListSource = { kind: 'list', dns: [] };
  return {
    request: {
      ...request,
      dnParts: parts.length,
      workers: request.workers.map((w) => ({ ...w, start: { ...w.start, dnSource: empty } })),
    },
    parts,
  };
}

/** `source` cut into parts of about `maxBytes` each, DNs and their column values together. */
function cutList(runId: string, source: ListSource, maxBytes: number): DnPart[] {
  const columnNames = Object.keys(source.columns ?? {});
  const slices: [number, number][] = [];
  let start = 0;
  let bytes = 0;
  source.dns.forEach((dn, i) => {
    const rowBytes =
      Buffer.byteLength(dn) +
      columnNames.reduce((n, c) => n + Buffer.byteLength(source.columns?.[c]?.[i] ?? ''), 0) +
      8 * (1 + columnNames.length);
    if (bytes + rowBytes > maxBytes && i > start) {
      slices.push([start, i]);
      start = i;
      bytes = 0;
    }
    bytes += rowBytes;
  });
  slices.push([start, source.dns.length]);
  return slices.map(([from, to], part) => ({
    runId,
    part,
    parts: slices.length,
    dns: source.dns.slice(from, to),
    ...(columnNames.length === 0
      ? {}
      : {
          columns: Object.fromEntries(
            columnNames.map((c) => [c, (source.columns?.[c] ?? []).slice(from, to)]),
          ),
        }),
  }));
}

/** The DN list from all its parts (in any order); null while one is missing. */
export function joinParts(parts: readonly DnPart[], expected: number): ListSource | null {
  const ordered = [...parts].sort((a, b) => a.part - b.part);
  if (ordered.length !== expected || ordered.some((p, i) => p.part !== i)) return null;
  const columnNames = Object.keys(ordered[0]?.columns ?? {});
  return {
    kind: 'list',
    dns: ordered.flatMap((p) => p.dns),
    ...(columnNames.length === 0
      ? {}
      : {
          columns: Object.fromEntries(
            columnNames.map((c) => [c, ordered.flatMap((p) => p.columns?.[c] ?? [])]),
          ),
        }),
  };
}

/** A DN part read back; null when it is not one. */
export function parseDnPart(text: string): DnPart | null {
  try {
    const v = JSON.parse(text) as Partial<DnPart>;
    const ok =
      typeof v.runId === 'string' &&
      Number.isInteger(v.part) &&
      Number.isInteger(v.parts) &&
      Array.isArray(v.dns);
    return ok ? (v as DnPart) : null;
  } catch {
    return null;
  }
}

/** `request` with its workers' DN list put back from `parts`; null when a part is missing. */
export function withDnList(
  request: PrepareRequest,
  parts: readonly DnPart[],
): PrepareRequest | null {
  if (request.dnParts === undefined) return request;
  const list = joinParts(parts, request.dnParts);
  if (list === null) return null;
  const { dnParts: _parts, ...rest } = request;
  return {
    ...rest,
    workers: request.workers.map((w) => ({ ...w, start: { ...w.start, dnSource: list } })),
  };
}
