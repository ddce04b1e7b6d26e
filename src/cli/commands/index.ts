// Every `dirbench` command, in the order the overview lists them: add a new command's spec here.
import type { CliEntry } from '../commandSpec.ts';
import { agentSpec } from './agent.ts';
import { agentsFamily } from './agents.ts';
import { brokerFamily } from './broker.ts';
import { calibrateSpec } from './calibrate.ts';
import { compareSpec } from './compare.ts';
import { exportSpec } from './export.ts';
import { generateSpec } from './generate.ts';
import { importSpec } from './import.ts';
import { labFamily } from './lab.ts';
import { matrixFamily } from './matrix.ts';
import { reportSpec } from './report.ts';
import { responderSpec } from './responder.ts';
import { runSpec } from './run.ts';
import { runsFamily } from './runs.ts';
import { serveSpec } from './serve.ts';
import { targetsFamily } from './targets.ts';
import { workloadsFamily } from './workloads.ts';

/** The commands `dirbench` dispatches on. */
export const COMMANDS: readonly CliEntry[] = [
  runSpec,
  calibrateSpec,
  responderSpec,
  matrixFamily,
  labFamily,
  brokerFamily,
  agentSpec,
  agentsFamily,
  generateSpec,
  workloadsFamily,
  runsFamily,
  targetsFamily,
  importSpec,
  exportSpec,
  reportSpec,
  compareSpec,
  serveSpec,
];
