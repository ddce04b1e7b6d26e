// How a lab is built, as options: `lab start` and `run --lab` declare and read these.
import { invalid } from '../../shared/errors.ts';
import type { ApiRequest } from '../../shared/api.ts';
import type { LabKind } from '../../shared/labTypes.ts';
import { isLabKind, labKindsWhere, LAB_KIND_LIST } from '../../shared/labKinds.ts';
import { LAB_SHAPES } from '../../shared/labTypes.ts';
import { isShapeName } from '../../shared/labTypes.ts';
import { MAX_REPLICAS } from '../../core/lab/replicas/support.ts';
import type { OptionTable } from '../commandSpec.ts';
import { intOption } from '../options.ts';
import type { RawOptions } from '../options.ts';

/** The lab/start request the lab options fill in. */
type LabStartFields = ApiRequest<'lab/start'>;

/** How a lab is built: `lab start` and `run --lab` take these. */
export const LAB_BUILD_OPTIONS = {
  entries: {
    type: 'string',
    value: 'N',
    description: 'persons in the generated directory',
    default: 10_000,
  },
  shape: {
    type: 'string',
    value: 'salford|flat',
    description:
      "the directory's shape: Salford's c=gb/o=Salford tree or M-Vault's flat o=Test,c=BA",
    default: 'salford',
  },
  index: {
    type: 'string',
    value: 'PROFILE',
    description:
      'salford-indexed (the default), salford-unindexed, none, another name in data/index-profiles.json, or a list like cn:eq,sub;uid:eq',
  },
  load: {
    type: 'string',
    value: 'offline|protocol',
    description: "the server's bulk loader (the default) or LDAP adds, timed either way",
  },
  'load-connections': {
    type: 'string',
    value: 'N',
    description: 'connections of --load protocol',
    default: 8,
  },
  tls: {
    type: 'string',
    value: 'starttls|ldaps',
    description: 'the lab gets its own CA and its target verifies the server against it',
  },
  replicas: {
    type: 'string',
    value: 'N',
    description: `consumers replicating from the lab (${labKindsWhere((row) => row.capabilities.replicas).join(', ')}), each its own server; runs report their lag`,
    default: 0,
  },
} as const satisfies OptionTable;

/** What only `lab start` takes besides the build options. */
export const LAB_START_OPTIONS = {
  seed: {
    type: 'string',
    value: 'S',
    description: 'seed of the generated directory (the same seed gives the same entries)',
    default: 1,
  },
} as const satisfies OptionTable;

/** The `lab` kind argument (or --lab value), checked; `field` names it in errors. */
export function labKind(value: string | undefined, field: string): LabKind {
  if (isLabKind(value)) return value;
  throw invalid(field, `unknown lab kind "${value ?? ''}": use ${LAB_KIND_LIST.join(', ')}`);
}

/** --shape NAME (a built-in directory shape), as a lab start request field. */
export function shapeOption(options: RawOptions): Pick<LabStartFields, 'shape'> {
  const shape = options.shape;
  if (shape === undefined) return {};
  if (!isShapeName(shape)) {
    throw invalid('--shape', `--shape takes ${LAB_SHAPES.join(' or ')}; got "${String(shape)}"`);
  }
  return { shape };
}

/** --tls starttls|ldaps, as a lab start request field. */
function tlsOption(options: RawOptions): Pick<LabStartFields, 'tls'> {
  const tls = options.tls;
  if (tls === undefined) return {};
  if (tls !== 'starttls' && tls !== 'ldaps') {
    throw invalid(
      '--tls',
      `--tls takes starttls or ldaps (the lab gets its own CA either way); got "${String(tls)}"`,
    );
  }
  return { tls };
}

/** --replicas N, as a lab start request field (absent when 0). */
export function replicasOption(options: RawOptions): Pick<LabStartFields, 'replicas'> {
  const replicas = intOption(options, 'replicas', 0, 0, MAX_REPLICAS);
  return replicas === 0 ? {} : { replicas };
}

/** --load offline|protocol, --load-connections N and --tls MODE, as lab start request fields. */
export function loadOptions(
  options: RawOptions,
): Pick<LabStartFields, 'load' | 'loadConnections' | 'tls'> {
  const tls = tlsOption(options);
  const load = options.load;
  if (load === undefined) {
    if (options['load-connections'] !== undefined) {
      throw invalid('--load-connections', '--load-connections goes with --load protocol');
    }
    return tls;
  }
  if (load !== 'offline' && load !== 'protocol') {
    throw invalid(
      '--load',
      `--load takes offline (the server's bulk loader) or protocol (LDAP adds); got "${String(load)}"`,
    );
  }
  if (load === 'offline') return { load, ...tls };
  const connections = intOption(
    options,
    'load-connections',
    LAB_BUILD_OPTIONS['load-connections'].default,
    1,
    1024,
  );
  return { load, loadConnections: connections, ...tls };
}
