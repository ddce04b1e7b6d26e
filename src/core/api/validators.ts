// The request check of every channel, run by the dispatcher before the handler: the shape of what
// came from outside (objects, ids, enumerations), so a handler reads typed fields and keeps only the
// rules that need state (a target that exists, a lab kind installed). A channel without its
// validator is a type error, as one without its handler is.
import type { ApiChannel, ApiRequest } from '../../shared/api.ts';
import { invalid } from '../../shared/errors.ts';
import { checkChartImageSize } from '../../shared/chartImageSize.ts';
import { checkSelection } from '../../shared/exchange.ts';
import { LAB_KIND_LIST } from '../../shared/labKinds.ts';
import { LAB_SHAPES } from '../../shared/labTypes.ts';
import { checkRunFilter } from '../../shared/runFilter.ts';
import type { LabLoadMethod, LabTlsMode } from '../../shared/labTypes.ts';
import type { TargetInput } from '../../shared/targetTypes.ts';
import type { RunRequest } from '../../shared/types.ts';
import {
  checkId,
  checkInteger,
  shownValue,
  validateRunRequest,
  validateTargetInput,
} from '../../shared/validation.ts';
import { checkAgentName, checkAgentNames } from '../broker/agentNames.ts';
import { checkAnnotation, checkHistoryFilter } from '../store/historyChecks.ts';
import {
  fieldsOf,
  idRequest,
  noRequest,
  oneOf,
  optionalBoolean,
  optionalIds,
  optionalText,
  specRequest,
} from './requestChecks.ts';

/** One checker per channel: the untrusted request in, the channel's typed request out (or a field error). */
export type ApiValidators = { [C in ApiChannel]: (req: unknown) => ApiRequest<C> };

const LOAD_METHODS: readonly LabLoadMethod[] = ['offline', 'protocol'];
const TLS_MODES: readonly LabTlsMode[] = ['starttls', 'ldaps'];

/** A target form's values: the shared field rules (files are checked by the handler, on this host). */
function targetInput(req: unknown, what?: string): TargetInput {
  const input = fieldsOf(req, what) as unknown as TargetInput;
  validateTargetInput(input);
  return input;
}

/** A lab start: kinds, shapes and modes by name; numbers and profiles are checked with the kind's driver. */
function labStart(req: unknown): ApiRequest<'lab/start'> {
  const r = fieldsOf(req);
  return {
    ...(r as unknown as ApiRequest<'lab/start'>),
    kind: oneOf(r.kind, 'kind', LAB_KIND_LIST),
    ...(r.load === undefined ? {} : { load: oneOf(r.load, 'load', LOAD_METHODS) }),
    ...(r.tls === undefined ? {} : { tls: oneOf(r.tls, 'tls', TLS_MODES) }),
    ...(r.shape === undefined ? {} : { shape: oneOf(r.shape, 'shape', LAB_SHAPES) }),
    ...(r.indexProfile === undefined
      ? {}
      : { indexProfile: optionalText(r.indexProfile, 'indexProfile') as string }),
  };
}

/** An export's selection, filter and image size with the fields its kind adds (formats and metrics are checked by the exporter). */
function exportRequest<T extends object>(req: unknown): T {
  const r = fieldsOf(req);
  const references = optionalIds(r.references, 'references');
  const filter = checkRunFilter(r.filter);
  return {
    ...r,
    ...checkSelection(r),
    ...checkChartImageSize(r),
    ...(references === undefined ? {} : { references }),
    ...(filter === undefined ? {} : { filter }),
  } as unknown as T;
}

/** Where to look for agents: a broker id or URL, and the files a URL needs. */
function agentsListRequest(req: unknown): ApiRequest<'agents/list'> {
  const r = fieldsOf(req);
  const broker = optionalText(r.broker, 'broker')?.trim() ?? '';
  if (broker === '')
    throw invalid('broker', 'broker is required: a broker id (see broker list) or a tls:// URL');
  const caFile = optionalText(r.caFile, 'caFile')?.trim() || undefined;
  const credentialsFile = optionalText(r.credentialsFile, 'credentialsFile')?.trim() || undefined;
  return {
    broker,
    ...(caFile === undefined ? {} : { caFile }),
    ...(credentialsFile === undefined ? {} : { credentialsFile }),
  };
}

/** A broker to start: agent names checked as `broker start --agents` checks them; listen and port by type. */
function brokerStartRequest(req: unknown): ApiRequest<'brokers/start'> {
  const r = fieldsOf(req);
  const listen = optionalText(r.listen, 'listen')?.trim() || undefined;
  if (r.agents !== undefined && !(Array.isArray(r.agents) && r.agents.every(isText)))
    throw invalid('agents', `agents must be a list of agent names, got ${shownValue(r.agents)}`);
  const agents = r.agents === undefined ? undefined : checkAgentNames(r.agents.map(trimmed));
  const port = r.port === undefined ? undefined : checkInteger(r.port, 'port', 1, 65_535);
  return {
    ...(agents === undefined ? {} : { agents }),
    ...(listen === undefined ? {} : { listen }),
    ...(port === undefined ? {} : { port }),
  };
}

function isText(value: unknown): value is string {
  return typeof value === 'string';
}

function trimmed(text: string): string {
  return text.trim();
}

/** One agent of one broker of this data folder, and whether the caller confirmed its stop. */
function localAgentRequest(req: unknown): ApiRequest<'agents/stop'> {
  const r = fieldsOf(req);
  const confirmed = optionalBoolean(r.confirmed, 'confirmed');
  return {
    broker: checkId(r.broker, 'broker'),
    name: checkAgentName(optionalText(r.name, 'name')?.trim() ?? '', 'name'),
    ...(confirmed === undefined ? {} : { confirmed }),
  };
}

/** Every channel's validator. */
export const API_VALIDATORS: ApiValidators = {
  'targets/list': noRequest,
  'targets/save': (req) => targetInput(req),
  'targets/delete': idRequest('id'),
  'targets/test': (req) => {
    const r = fieldsOf(req);
    if ('id' in r) return { id: checkId(r.id, 'id') };
    return { input: targetInput(r.input, 'input') };
  },
  'targets/secretStorage': noRequest,
  'lab/availability': noRequest,
  'lab/list': noRequest,
  'lab/start': labStart,
  'lab/install': (req) => ({ kind: oneOf(fieldsOf(req).kind, 'kind', LAB_KIND_LIST) }),
  'lab/indexProfiles': noRequest,
  'lab/stop': idRequest('id'),
  'lab/cancel': idRequest('id'),
  'lab/destroy': idRequest('id'),
  'runs/start': (req) => {
    const run = fieldsOf(req) as unknown as RunRequest;
    checkId(run.targetId, 'targetId');
    validateRunRequest(run);
    return run;
  },
  'runs/stop': idRequest('runId'),
  'runs/active': noRequest,
  // No filter lists every run.
  'history/list': (req) => checkHistoryFilter(req ?? {}),
  'history/get': idRequest('runId'),
  'history/facets': noRequest,
  'history/annotate': (req) => checkAnnotation(req),
  'history/delete': (req) => {
    const runIds = optionalIds(fieldsOf(req).runIds, 'runIds');
    if (runIds === undefined || runIds.length === 0)
      throw invalid('runIds', 'select at least one run to delete');
    return { runIds };
  },
  'matrix/list': noRequest,
  'matrix/get': idRequest('id'),
  'matrix/check': specRequest,
  // The library validates the spec (validateMatrixSpec) with every field's path.
  'matrix/save': (req) => specRequest(req) as ApiRequest<'matrix/save'>,
  'matrix/delete': idRequest('id'),
  'campaigns/start': (req) => {
    const { spec } = specRequest(req);
    const confirmed = optionalBoolean(fieldsOf(req).confirmed, 'confirmed');
    return {
      spec: spec as ApiRequest<'campaigns/start'>['spec'],
      ...(confirmed === undefined ? {} : { confirmed }),
    };
  },
  'campaigns/pause': idRequest('campaignId'),
  'campaigns/resume': idRequest('campaignId'),
  'campaigns/cancel': idRequest('campaignId'),
  'campaigns/list': noRequest,
  'campaigns/get': idRequest('campaignId'),
  'campaigns/active': noRequest,
  'campaigns/delete': idRequest('campaignId'),
  'compare/runs': (req) => checkSelection(fieldsOf(req)),
  'export/data': exportRequest,
  'export/chart': exportRequest,
  'export/report': exportRequest,
  'import/run': (req) => {
    const r = fieldsOf(req);
    const targetName = optionalText(r.targetName, 'targetName');
    return {
      format: r.format as ApiRequest<'import/run'>['format'],
      fileName: optionalText(r.fileName, 'fileName') ?? '',
      text: optionalText(r.text, 'text') ?? '',
      ...(targetName === undefined ? {} : { targetName }),
    };
  },
  'reference/list': noRequest,
  'workloads/list': noRequest,
  'workloads/get': idRequest('id'),
  'workloads/check': specRequest,
  // The library validates the definition (validateWorkloadSpec) with every field's path.
  'workloads/save': (req) => specRequest(req) as ApiRequest<'workloads/save'>,
  'workloads/delete': idRequest('id'),
  'brokers/list': noRequest,
  'agents/list': agentsListRequest,
  'brokers/start': brokerStartRequest,
  'brokers/stop': (req) => {
    const confirmed = optionalBoolean(fieldsOf(req).confirmed, 'confirmed');
    return { ...idRequest('id')(req), ...(confirmed === undefined ? {} : { confirmed }) };
  },
  'agents/local': noRequest,
  'agents/start': (req) => {
    const { broker, name } = localAgentRequest(req);
    return { broker, name };
  },
  'agents/stop': localAgentRequest,
};
