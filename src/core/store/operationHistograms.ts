// The stored form of a second's per-operation histograms (run_samples.operation_histograms_json).
//
// A JSON object from label to HDR compressed base64. It is keyed by label, so its key order (which
// JavaScript puts integer-like labels first in) carries no meaning and is never used.

/** The column's text for `histograms` (label -> HDR base64). */
export function operationHistogramsJson(histograms: ReadonlyMap<string, string>): string {
  // Object.fromEntries defines own keys: a label `__proto__` is stored like any other.
  return JSON.stringify(Object.fromEntries(histograms));
}

/** Reads the column back as label -> HDR base64; throws on text that is not such an object. */
export function parseOperationHistograms(json: string): Map<string, string> {
  const parsed: unknown = JSON.parse(json);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error('per-operation histograms are not a JSON object of label -> histogram');
  }
  // JSON.parse makes every key, `__proto__` included, an own property.
  const entries = Object.entries(parsed);
  for (const [label, value] of entries) {
    if (typeof value !== 'string') {
      throw new Error(`the per-operation histogram of ${JSON.stringify(label)} is not a string`);
    }
  }
  return new Map(entries as [string, string][]);
}
