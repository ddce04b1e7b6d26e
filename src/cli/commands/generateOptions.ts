// The options of `dirbench generate`: read by its spec (help, parsing) and by the command itself.
import { LAB_SHAPES } from '../../shared/labTypes.ts';
import type { OptionTable } from '../commandSpec.ts';

/** What to generate and where: a built-in shape or a makeldif template. */
export const GENERATE_OPTIONS = {
  shape: {
    type: 'string',
    value: LAB_SHAPES.join('|'),
    description:
      "a built-in directory: Salford's c=gb/o=Salford tree or M-Vault's flat o=Test,c=BA",
  },
  entries: { type: 'string', value: 'N', description: 'with --shape: how many persons' },
  template: {
    type: 'string',
    value: 'FILE',
    description: 'an OpenDJ/SLAMD makeldif template instead of --shape',
  },
  seed: {
    type: 'string',
    value: 'S',
    description: 'the same seed gives the same LDIF, byte for byte',
    default: 1,
  },
  out: {
    type: 'string',
    value: 'FILE',
    description:
      'the LDIF to write; FILE.dns (person DNs) and FILE.binds (DN<TAB>password) beside it',
  },
} as const satisfies OptionTable;

/** Options that only a template run takes. */
export const TEMPLATE_OPTIONS = {
  'resource-dir': {
    type: 'string',
    value: 'DIR',
    description: "where the template's resource files are (default: beside the template)",
  },
  'entries-override': {
    type: 'string',
    value: 'N',
    description: "sets the template's numusers",
  },
  constant: {
    type: 'string',
    multiple: true,
    value: 'NAME=VALUE',
    description: "sets a template constant, like makeldif's -c",
  },
} as const satisfies OptionTable;
