// Parses a scrape body with a real OpenMetrics parser: the Python prometheus_client's
// (Debian package python3-prometheus-client, installed by `npm run test:setup`).
import { spawnSync } from 'node:child_process';

/** One sample as the parser read it. */
export interface ParsedSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** One metric family as the parser read it. */
export interface ParsedFamily {
  name: string;
  type: string;
  unit: string;
  samples: ParsedSample[];
}

// Reads the body on stdin; prints the families as JSON, or the parser's complaint and exits 1.
const SCRIPT = `
import json, math, sys
try:
    from prometheus_client.openmetrics.parser import text_string_to_metric_families
except ImportError as err:
    print("NO-PARSER: " + str(err))
    sys.exit(2)
def num(v):
    return v if math.isfinite(v) else str(v)
try:
    families = [
        {"name": f.name, "type": f.type, "unit": f.unit,
         "samples": [{"name": s.name, "labels": s.labels, "value": num(s.value)} for s in f.samples]}
        for f in text_string_to_metric_families(sys.stdin.read())
    ]
except Exception as err:
    print("INVALID: " + repr(err))
    sys.exit(1)
print(json.dumps(families))
`;

/** Pythons to try: Debian's (where python3-prometheus-client installs), then the one on PATH (pyenv's, say). */
const PYTHONS = ['/usr/bin/python3', 'python3'];

/** The families of an OpenMetrics body; throws with the parser's message when it refuses the body. */
export function parseOpenMetrics(body: string): ParsedFamily[] {
  const missing: string[] = [];
  for (const python of PYTHONS) {
    const run = spawnSync(python, ['-c', SCRIPT], { input: body, encoding: 'utf8' });
    if (run.error !== undefined || run.status === 2) {
      missing.push(`${python}: ${run.error?.message ?? run.stdout.trim()}`);
      continue;
    }
    if (run.status !== 0)
      throw new Error(`not valid OpenMetrics: ${run.stdout}${run.stderr}\n${body}`);
    return JSON.parse(run.stdout) as ParsedFamily[];
  }
  throw new Error(
    `the OpenMetrics parser is missing (${missing.join('; ')}): install the Debian package python3-prometheus-client (npm run test:setup does)`,
  );
}

/** The sum of a sample name's values over every label set (0 when absent). */
export function sampleSum(families: readonly ParsedFamily[], name: string): number {
  return families
    .flatMap((family) => family.samples)
    .filter((sample) => sample.name === name)
    .reduce((sum, sample) => sum + sample.value, 0);
}
