// Who an agent is: this machine's facts it reports in its heartbeats.
import os from 'node:os';
import { dirbenchVersion } from '../base/version.ts';
import type { AgentIdentity } from './heartbeat.ts';

/** Agent `name` on this machine: host name, DirBench version, logical CPUs. */
export function localAgentIdentity(name: string): AgentIdentity {
  return {
    name,
    host: os.hostname(),
    version: dirbenchVersion(),
    cores: os.availableParallelism(),
  };
}
