// A `branch:` entry as a program to compile: its DN checked and normalized, its RDN values as its
// first attribute lines.
import { formatDn, parseDn } from '../../ldif/dn.ts';
import type { ProgramSpec } from './compiledTypes.ts';
import { TemplateError } from './errors.ts';
import type { BranchDef, LineDef } from './parse.ts';

/** The branch's DN and program; `seenDns` (lower-case DN -> line) catches a branch defined twice. */
export function branchSpec(
  file: string,
  b: BranchDef,
  seenDns: Map<string, number>,
): { dn: string; spec: ProgramSpec } {
  let rdns;
  try {
    rdns = parseDn(b.dn);
  } catch (err) {
    throw new TemplateError(
      file,
      b.line,
      `branch DN "${b.dn}" is not a valid DN: ${(err as Error).message}`,
    );
  }
  if (rdns.length === 0) throw new TemplateError(file, b.line, 'branch: needs a DN');
  const dn = formatDn(rdns);
  const key = dn.toLowerCase();
  const earlier = seenDns.get(key);
  if (earlier !== undefined)
    throw new TemplateError(file, b.line, `branch ${dn} is already defined on line ${earlier}`);
  seenDns.set(key, b.line);
  // The RDN's values are the branch entry's first attributes, as in OpenDJ.
  const rdnLines: LineDef[] = (rdns[0] ?? []).map((ava) => ({
    attr: ava.attr,
    form: 'text',
    parts: ava.value === '' ? [] : [{ kind: 'text', text: ava.value }],
    line: b.line,
  }));
  const lines = [...rdnLines, ...b.lines];
  return {
    dn,
    spec: { name: dn, line: b.line, lines, inBranch: true, rdnAttrs: [], fixedDn: dn },
  };
}
