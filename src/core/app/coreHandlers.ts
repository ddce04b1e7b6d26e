// The core's one handler map: every API channel, wired to the services openCore built.
import type { ApiEventMessage, ApiHandlers } from '../../shared/api.ts';
import type { CampaignProgress } from '../../shared/matrix.ts';
import { agentHandlers } from '../api/agentHandlers.ts';
import { brokerHandlers } from '../api/brokerHandlers.ts';
import { explorerHandlers } from '../api/explorerHandlers.ts';
import { historyHandlers } from '../api/historyHandlers.ts';
import { labHandlers } from '../api/labHandlers.ts';
import { matrixHandlers } from '../api/matrixHandlers.ts';
import { referenceHandlers } from '../api/referenceHandlers.ts';
import { runsHandlers } from '../api/runsHandlers.ts';
import { targetsHandlers } from '../api/targetsHandlers.ts';
import { workloadsHandlers } from '../api/workloadsHandlers.ts';
import type { LocalAgents } from '../agents/localAgents.ts';
import type { BrokerManager } from '../broker/brokerManager.ts';
import type { LabManager } from '../lab/labManager.ts';
import type { CampaignRunner } from '../matrix/campaignRunner.ts';
import type { MatrixLibrary } from '../matrix/matrixLibrary.ts';
import type { RunService } from '../runs/runService.ts';
import type { CampaignsRepo } from '../store/campaignsRepo.ts';
import type { Db } from '../store/database.ts';
import type { RunsRepo } from '../store/runsRepo.ts';
import type { TargetsRepo } from '../store/targetsRepo.ts';
import type { WorkloadLibrary } from '../workload/library.ts';

/** The services the handlers call. */
export interface CoreServices {
  db: Db;
  targets: TargetsRepo;
  runs: RunsRepo;
  labs: LabManager;
  brokers: BrokerManager;
  localAgents: LocalAgents;
  workloads: WorkloadLibrary;
  runService: RunService;
  matrices: MatrixLibrary;
  campaignsRepo: CampaignsRepo;
  campaigns: CampaignRunner;
  emit: (message: ApiEventMessage) => void;
}

/** Every channel's handler over `services`. */
export function coreHandlers(services: CoreServices): ApiHandlers {
  const { db, targets, runs, labs, brokers, localAgents, workloads, emit } = services;
  const { runService, matrices, campaignsRepo, campaigns } = services;
  const activeCampaign = (): CampaignProgress | null => campaigns.active();
  return {
    ...targetsHandlers(targets, emit),
    ...labHandlers(labs, targets, emit),
    ...runsHandlers(runService, activeCampaign, targets),
    ...workloadsHandlers(workloads, emit),
    ...matrixHandlers(matrices, campaignsRepo, campaigns, emit),
    ...explorerHandlers(db),
    ...historyHandlers(runs, emit),
    ...referenceHandlers(),
    ...brokerHandlers({
      brokers,
      localAgents,
      users: {
        activeRunBroker: () => runService.activeRun()?.config.broker ?? null,
        activeCampaignBroker: () => {
          const active = campaigns.active();
          return active === null
            ? null
            : (campaignsRepo.get(active.campaignId).spec.agents?.broker ?? null);
        },
      },
    }),
    ...agentHandlers((id) => brokers.get(id), localAgents),
  };
}
