// Template inheritance (`extends`): templates by name, and a template's lines with those it
// inherits first, as in OpenDJ (a parent must be defined above its child).
import { TemplateError } from './errors.ts';
import type { LineDef, TemplateDef } from './parse.ts';

/** The templates by lower-case name; fails on a name defined twice. */
export function indexTemplates(
  file: string,
  templates: readonly TemplateDef[],
): Map<string, TemplateDef> {
  const byName = new Map<string, TemplateDef>();
  for (const t of templates) {
    const key = t.name.toLowerCase();
    const earlier = byName.get(key);
    if (earlier !== undefined)
      throw new TemplateError(
        file,
        t.line,
        `template ${t.name} is already defined on line ${earlier.line}`,
      );
    byName.set(key, t);
  }
  return byName;
}

/** The lines of `t` with those of the templates it extends first; fails on a missing parent or a loop. */
export function inheritedLines(
  file: string,
  byName: ReadonlyMap<string, TemplateDef>,
  t: TemplateDef,
  seen: Set<string> = new Set([t.name.toLowerCase()]),
): LineDef[] {
  if (t.extendsName === null) return t.lines;
  const parent = byName.get(t.extendsName.toLowerCase());
  if (parent === undefined || parent.line > t.line) {
    throw new TemplateError(
      file,
      t.extendsLine,
      `template ${t.name} extends ${t.extendsName}, which is not a template defined above it`,
    );
  }
  if (seen.has(parent.name.toLowerCase()))
    throw new TemplateError(file, t.extendsLine, `template ${t.name} extends itself`);
  seen.add(parent.name.toLowerCase());
  return [...inheritedLines(file, byName, parent, seen), ...t.lines];
}
