// ESLint rule `dirbench/core-area-imports`: each area of src/core (a first-level folder) imports
// only the areas its allow-list names, as VS Code's code-import-patterns does. Tests are exempt:
// they set up whatever they need. The allow-lists are CORE_AREAS in eslint.config.js.
import { dirname, relative, resolve, sep } from 'node:path';
import type { Rule } from 'eslint';

/** Each area and the areas it may import, lowest first; '*' stands for every area but app. */
export type CoreAreas = Readonly<Record<string, readonly string[]>>;

/** The core area of a project-relative path (`src/core/AREA/...`), or undefined. */
function areaOf(path: string): string | undefined {
  const parts = path.split(sep);
  return parts[0] === 'src' && parts[1] === 'core' && parts.length > 3 ? parts[2] : undefined;
}

/** The areas `area` may import: its list, or every area but app for '*'; undefined when unlisted. */
function allowedFor(areas: CoreAreas, area: string): readonly string[] | undefined {
  const allowed = areas[area];
  if (allowed === undefined) return undefined;
  return allowed.includes('*') ? Object.keys(areas).filter((a) => a !== 'app') : allowed;
}

const checkedTables = new WeakSet<CoreAreas>();

/** Throws unless every area names only areas listed before it (so the allow-lists form no circle). */
export function checkLayered(areas: CoreAreas): void {
  if (checkedTables.has(areas)) return;
  const order = Object.keys(areas);
  for (const [index, area] of order.entries())
    for (const allowed of (areas[area] ?? []).filter((a) => a !== '*'))
      if (!order.slice(0, index).includes(allowed))
        throw new Error(
          `CORE_AREAS in .config/eslint.config.js lists areas lowest first: ${area} may name only areas listed before it, not ${allowed}`,
        );
  checkedTables.add(areas);
}

/** The rule: `options[0].areas` maps each area to the areas it may import. */
export const coreAreaImports: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: 'Each src/core area imports only the areas its allow-list names' },
    schema: [
      {
        type: 'object',
        properties: {
          areas: {
            type: 'object',
            additionalProperties: { type: 'array', items: { type: 'string' } },
          },
        },
        required: ['areas'],
        additionalProperties: false,
      },
    ],
    messages: {
      unknownArea:
        'src/core/{{area}} has no import rule: add it to CORE_AREAS in .config/eslint.config.js with the areas it may import.',
      notAllowed:
        'src/core/{{area}} may not import src/core/{{target}} (it may import: {{allowed}}). Move the shared piece down (src/core/base is the floor), pass it in as a parameter, or widen CORE_AREAS in .config/eslint.config.js if the layering allows it.',
    },
  },
  create(context) {
    const { areas } = context.options[0] as { areas: CoreAreas };
    checkLayered(areas);
    const file = relative(context.cwd, context.filename);
    const area = areaOf(file);
    if (area === undefined || /\.test\.tsx?$/.test(file)) return {};
    const allowed = allowedFor(areas, area);
    if (allowed === undefined)
      return {
        Program: (node) => context.report({ node, messageId: 'unknownArea', data: { area } }),
      };
    const check = (node: Rule.Node): void => {
      const source = 'source' in node ? node.source : null;
      if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
      if (!source.value.startsWith('.')) return;
      const target = areaOf(
        relative(context.cwd, resolve(dirname(context.filename), source.value)),
      );
      if (target === undefined || target === area || allowed.includes(target)) return;
      context.report({
        node,
        messageId: 'notAllowed',
        data: { area, target, allowed: allowed.join(', ') || 'nothing else of core' },
      });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
