// The Grafana dashboard in data/grafana queries only metrics the exporter emits, and covers the main ones.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { exposedMetricNames } from './metricCatalog.ts';

const DASHBOARD_FILE = new URL('../../../data/grafana/dirbench-dashboard.json', import.meta.url);

interface Target {
  expr: string;
  datasource: { type: string; uid: string };
}
interface Panel {
  title: string;
  datasource: { type: string; uid: string };
  targets: Target[];
}
interface Variable {
  name: string;
  type: string;
  query: string | { query: string };
}
interface Dashboard {
  uid: string;
  panels: Panel[];
  templating: { list: Variable[] };
}

const dashboard = JSON.parse(readFileSync(DASHBOARD_FILE, 'utf8')) as Dashboard;

/** Every PromQL expression of the dashboard: panel queries and variable queries. */
const expressions = [
  ...dashboard.panels.flatMap((panel) => panel.targets.map((target) => target.expr)),
  ...dashboard.templating.list
    .filter((variable) => variable.type === 'query')
    .map((variable) =>
      typeof variable.query === 'string' ? variable.query : variable.query.query,
    ),
];

/** The metric names an expression uses. */
const namesIn = (expr: string): string[] => expr.match(/\bdirbench_[a-z0-9_]+/g) ?? [];

test('every metric the dashboard queries is one the exporter emits', () => {
  const emitted = new Set(exposedMetricNames());
  const used = new Set(expressions.flatMap(namesIn));
  assert.ok(used.size > 0);
  for (const name of used) assert.ok(emitted.has(name), `${name} is not emitted`);
});

test('the dashboard charts the main metrics: ops by label, errors by code, p50/p99 from the buckets, behind schedule, client CPU', () => {
  const all = expressions.join('\n');
  assert.match(all, /sum by \(run, label\) \(rate\(dirbench_operations_total\{/);
  assert.match(all, /sum by \(code, label\) \(rate\(dirbench_errors_total\{/);
  for (const q of ['0.5', '0.99']) {
    assert.ok(
      all.includes(
        `histogram_quantile(${q}, sum by (le, label) (rate(dirbench_operation_latency_seconds_bucket{`,
      ),
      `p${Number(q) * 100}`,
    );
  }
  for (const name of [
    'dirbench_behind_schedule_total',
    'dirbench_client_cpu_ratio',
    'dirbench_run_active',
    'dirbench_run_info',
    'dirbench_operation_latency_seconds_sum',
    'dirbench_operation_latency_seconds_count',
  ]) {
    assert.ok(all.includes(name), name);
  }
});

test('a Prometheus datasource variable feeds every panel; run, target and workload are template variables', () => {
  const variables = new Map(dashboard.templating.list.map((v) => [v.name, v]));
  assert.deepEqual(
    { type: variables.get('datasource')?.type, query: variables.get('datasource')?.query },
    { type: 'datasource', query: 'prometheus' },
  );
  for (const name of ['run', 'target', 'workload']) {
    assert.equal(variables.get(name)?.type, 'query', name);
  }
  for (const panel of dashboard.panels) {
    assert.equal(panel.datasource.uid, '${datasource}', panel.title);
    for (const target of panel.targets) {
      assert.equal(target.datasource.uid, '${datasource}', panel.title);
      assert.match(
        target.expr,
        /run=~"\$run",target=~"\$target",workload=~"\$workload"/,
        panel.title,
      );
    }
  }
});
