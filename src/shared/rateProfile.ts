// Parses open-model rate profiles from the text a user writes (JSON, or one step per line).
import { invalid } from './errors.ts';
import type { RateStep } from './types.ts';
import { inputExcerpt, jsonSyntaxProblem } from './inputExcerpt.ts';

/**
 * Reads a profile: either a JSON array of RateStep, or lines of `DURATION_S RATE` (hold) and
 * `DURATION_S FROM_RATE TO_RATE` (linear ramp); `#` starts a comment.
 */
export function parseRateProfile(text: string, field = 'rateProfile'): RateStep[] {
  const trimmed = text.trim();
  if (trimmed.startsWith('[')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch (err) {
      throw invalid(
        field,
        `the rate profile is not valid JSON: ${jsonSyntaxProblem(err, trimmed)}`,
      );
    }
    if (!Array.isArray(parsed))
      throw invalid(field, 'a JSON rate profile must be an array of steps');
    return parsed.map((step: unknown, i) => {
      const s = step as Partial<RateStep> | null;
      if (typeof s !== 'object' || s === null)
        throw invalid(field, `step ${i + 1} is not an object`);
      return {
        durationS: Number(s.durationS),
        fromOpsPerSec: Number(s.fromOpsPerSec),
        toOpsPerSec: Number(s.toOpsPerSec ?? s.fromOpsPerSec),
      };
    });
  }
  const steps: RateStep[] = [];
  for (const [i, raw] of text.split('\n').entries()) {
    const line = raw.replace(/#.*/, '').trim();
    if (line === '') continue;
    const parts = line.split(/\s+/);
    if (parts.length < 2 || parts.length > 3 || parts.some((p) => !/^\d+$/.test(p))) {
      throw invalid(
        field,
        `line ${i + 1} ${inputExcerpt(raw.trim())}: write "SECONDS RATE" or "SECONDS FROM_RATE TO_RATE" (whole numbers)`,
      );
    }
    const [durationS, from, to] = parts.map(Number) as [number, number, number | undefined];
    steps.push({ durationS, fromOpsPerSec: from, toOpsPerSec: to ?? from });
  }
  if (steps.length === 0) throw invalid(field, 'the rate profile has no steps');
  return steps;
}
