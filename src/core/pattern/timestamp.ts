// The [timestamp...] token: current or random time as generalized time, epoch numbers or a date format.
import { compileDateFormat } from './dateFormat.ts';
import type { DateFormat } from './dateFormat.ts';
import type { Fail } from './errors.ts';
import { randomBetween } from './random.ts';
import type { Component } from './types.ts';

const GENERALIZED =
  /^(\d{4})(\d{2})(\d{2})(\d{2})(?:(\d{2})(\d{2})?)?(?:[.,](\d+))?(Z|[+-]\d{2}(?:\d{2})?)$/;

/** Parses generalized time (e.g. 20180101000000.000Z or 2018010112+0100) to epoch ms, or undefined. */
export function parseGeneralizedTime(text: string): number | undefined {
  const m = GENERALIZED.exec(text);
  if (m === null) return undefined;
  const [, y, mo, d, h, mi = '0', s = '0', frac = '', zone = 'Z'] = m;
  const fields = [y, mo, d, h, mi, s].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const [year, month, day, hour, minute, second] = fields;
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60) {
    return undefined;
  }
  const ms = Math.floor(Number('0.' + (frac || '0')) * 1000);
  let epochMs = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  // Day 31 of a 30-day month would roll over silently; reject it instead.
  if (new Date(epochMs).getUTCDate() !== day) return undefined;
  if (zone !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const offsetMin = Number(zone.slice(1, 3)) * 60 + Number(zone.slice(3, 5) || '0');
    epochMs -= sign * offsetMin * 60_000;
  }
  return epochMs;
}

/** Formats epoch ms as generalized time with milliseconds in UTC, e.g. 20261122153012.123Z. */
export function formatGeneralizedTime(epochMs: number): string {
  const d = new Date(epochMs);
  const p2 = (n: number) => (n < 10 ? '0' + n : String(n));
  const ms = d.getUTCMilliseconds();
  return (
    String(d.getUTCFullYear()).padStart(4, '0') +
    p2(d.getUTCMonth() + 1) +
    p2(d.getUTCDate()) +
    p2(d.getUTCHours()) +
    p2(d.getUTCMinutes()) +
    p2(d.getUTCSeconds()) +
    '.' +
    (ms < 10 ? '00' : ms < 100 ? '0' : '') +
    ms +
    'Z'
  );
}

/** The output format named by `format=`: milliseconds, seconds or a SimpleDateFormat pattern. */
function outputFormat(spec: string, fail: Fail): DateFormat {
  if (spec === 'milliseconds') return (t) => String(t);
  if (spec === 'seconds') return (t) => String(Math.floor(t / 1000));
  return compileDateFormat(spec, fail);
}

/** Compiles a token body starting with "timestamp"; `fail` offsets count from the body's start. */
export function compileTimestamp(body: string, fail: Fail): Component {
  if (body === 'timestamp') return () => formatGeneralizedTime(Date.now());
  if (!body.startsWith('timestamp:')) fail(0, 'unknown token name');
  const rest = body.slice(10);
  if (rest.startsWith('format=')) {
    if (/:(min|max)=/.test(rest)) fail(10, 'timestamp format must come after min and max');
    const format = outputFormat(rest.slice(7), (o, r) => fail(17 + o, r));
    return () => format(Date.now());
  }
  if (!rest.startsWith('min=')) fail(10, 'timestamp option must be min=, max= or format=');
  const maxAt = body.indexOf(':max=');
  if (maxAt < 0) fail(10, 'timestamp min= without max=');
  const formatAt = body.indexOf(':format=');
  if (formatAt >= 0 && formatAt < maxAt)
    fail(formatAt + 1, 'timestamp format must come after min and max');
  const minText = body.slice(14, maxAt);
  const maxEnd = formatAt < 0 ? body.length : formatAt;
  const maxText = body.slice(maxAt + 5, maxEnd);
  const minMs = parseGeneralizedTime(minText);
  if (minMs === undefined) fail(14, 'timestamp min is not a generalized time');
  const maxMs = parseGeneralizedTime(maxText);
  if (maxMs === undefined) fail(maxAt + 5, 'timestamp max is not a generalized time');
  if (maxMs <= minMs) fail(maxAt + 5, 'timestamp max must be later than min');
  const format =
    formatAt < 0
      ? formatGeneralizedTime
      : outputFormat(body.slice(formatAt + 8), (o, r) => fail(formatAt + 8 + o, r));
  return (ctx) => format(randomBetween(ctx.rng, minMs, maxMs));
}
