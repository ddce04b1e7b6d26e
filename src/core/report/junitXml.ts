// JUnit XML for CI servers (Jenkins, GitLab): one test case per run or matrix cell, breached thresholds as failures.

/** One test case: a run or a cell, with what made it fail and what it measured. */
export interface JunitCase {
  name: string;
  classname: string;
  timeS: number;
  /** Breached thresholds, one failure each. */
  failures: { message: string; detail: string }[];
  /** Why the run did not complete (failed, stopped, interrupted, a lab that could not be built). */
  error: { type: string; message: string } | null;
  /** Why the case never ran (a cancelled campaign's cells). */
  skipped: string | null;
  /** The figures and each threshold's verdict, as text. */
  systemOut: string;
}

/** One suite: a `dirbench run` (its repeats) or a campaign. */
export interface JunitSuite {
  name: string;
  timestamp: string;
  hostname: string;
  properties: Record<string, string>;
  cases: JunitCase[];
}

/** The XML document for `suites`, in the format of the Jenkins xUnit plugin's junit-10.xsd. */
export function junitXml(suites: readonly JunitSuite[]): string {
  const totals = suites.map(suiteTotals);
  const sum = (pick: (t: SuiteTotals) => number): number => totals.reduce((n, t) => n + pick(t), 0);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="dirbench" tests="${sum((t) => t.tests)}" failures="${sum((t) => t.failures)}" errors="${sum((t) => t.errors)}" time="${seconds(sum((t) => t.timeS))}">`,
  ];
  suites.forEach((suite, i) => lines.push(...suiteXml(suite, totals[i] as SuiteTotals)));
  lines.push('</testsuites>', '');
  return lines.join('\n');
}

interface SuiteTotals {
  tests: number;
  failures: number;
  errors: number;
  skipped: number;
  timeS: number;
}

function suiteTotals(suite: JunitSuite): SuiteTotals {
  return {
    tests: suite.cases.length,
    // A case counts once however many thresholds it breached, as CI servers count tests.
    failures: suite.cases.filter((c) => c.error === null && c.failures.length > 0).length,
    errors: suite.cases.filter((c) => c.error !== null).length,
    skipped: suite.cases.filter((c) => c.error === null && c.skipped !== null).length,
    timeS: suite.cases.reduce((n, c) => n + c.timeS, 0),
  };
}

function suiteXml(suite: JunitSuite, t: SuiteTotals): string[] {
  const lines = [
    `  <testsuite name="${attr(suite.name)}" tests="${t.tests}" failures="${t.failures}" errors="${t.errors}" skipped="${t.skipped}" time="${seconds(t.timeS)}" timestamp="${attr(suite.timestamp)}" hostname="${attr(suite.hostname)}">`,
    '    <properties>',
    ...Object.entries(suite.properties).map(
      ([name, value]) => `      <property name="${attr(name)}" value="${attr(value)}"/>`,
    ),
    '    </properties>',
  ];
  for (const c of suite.cases) lines.push(...caseXml(c));
  lines.push('  </testsuite>');
  return lines;
}

function caseXml(c: JunitCase): string[] {
  const lines = [
    `    <testcase name="${attr(c.name)}" classname="${attr(c.classname)}" time="${seconds(c.timeS)}">`,
  ];
  if (c.error !== null) {
    lines.push(
      `      <error type="${attr(c.error.type)}" message="${attr(c.error.message)}">${text(c.error.message)}</error>`,
    );
  } else if (c.skipped !== null) {
    lines.push(`      <skipped message="${attr(c.skipped)}"/>`);
  }
  for (const f of c.failures) {
    lines.push(
      `      <failure type="threshold" message="${attr(f.message)}">${text(f.detail)}</failure>`,
    );
  }
  lines.push(`      <system-out>${text(c.systemOut)}</system-out>`, '    </testcase>');
  return lines;
}

/** Seconds as the schema's time pattern wants them: digits, a point, three decimals. */
function seconds(value: number): string {
  return Math.max(0, value).toFixed(3);
}

// XML 1.0 allows tab, newline and carriage return among the control characters, and no others.
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/** Escapes element text. */
function text(value: string): string {
  return value
    .replace(NOT_XML, '\ufffd')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

/** Escapes a double-quoted attribute value (newlines kept as character references). */
function attr(value: string): string {
  return text(value)
    .replaceAll('"', '&quot;')
    .replaceAll('\n', '&#10;')
    .replaceAll('\r', '&#13;')
    .replaceAll('\t', '&#9;');
}
