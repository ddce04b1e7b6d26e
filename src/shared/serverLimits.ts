// A server's own limits (size, time, administrative) as they cut DirBench's own searches short, and
// how that is told: once, with the run, and with what to do about it.

/** A server limit that stopped a search early: size, time, or administrative (e.g. a lookthrough limit). */
export type ServerLimit = 'size' | 'time' | 'admin';

/** An entry sample that a server limit stopped after `sampled` entries. */
export interface SampleLimit {
  sampled: number;
  limit: ServerLimit;
}

/** Each limit in words, as a server's configuration names it. */
export const SERVER_LIMIT_NAMES: Readonly<Record<ServerLimit, string>> = {
  size: 'size limit',
  time: 'time limit',
  admin: 'administrative limit (such as a lookthrough limit)',
};

/** The note of a run whose sample under `baseDn` a server limit cut short. */
export function sampleLimitNote(sample: SampleLimit, baseDn: string): string {
  const { sampled, limit } = sample;
  return `sampled ${sampled.toLocaleString('en-US')} of the entries under ${baseDn}: the server's ${SERVER_LIMIT_NAMES[limit]}; bind as a user without it for a full sample`;
}
