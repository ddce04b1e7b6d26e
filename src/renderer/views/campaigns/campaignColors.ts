// Server colours of a campaign, stable while it runs: every server the matrix plans is placed from the
// start, by its measured short name or, until its first run ends, by its lab's family name ("389 DS"),
// which sorts where the measured name ("389 DS 2.3.1") will. The results charts and the live chart
// of the current cell share the map.
import { colorOfServer, colorsOfServers } from '../../../shared/charts/serverColors.ts';
import type { CompareRun } from '../../../shared/compare.ts';
import { serverShortLabel } from '../../../shared/compareLabels.ts';
import type { CampaignDetail } from '../../../shared/matrix.ts';
import { labFamilyName } from '../../../shared/serverNames.ts';

/** The campaign's colours and the name each cell's server has in them. */
export interface CampaignColors {
  colors: Map<string, string>;
  /** Short name of a cell's server: measured, else its lab family or target id. */
  serverOf: (cellIndex: number) => string | null;
}

/** Colours over the campaign's planned servers, named by what `runs` (its finished runs) measured. */
export function campaignColors(
  campaign: CampaignDetail,
  runs: readonly CompareRun[],
): CampaignColors {
  const runsById = new Map(runs.map((r) => [r.id, r]));
  const nameByServer = new Map<string, string>();
  for (const cell of campaign.cells) {
    const key = JSON.stringify(cell.server);
    const run = cell.runId === null ? undefined : runsById.get(cell.runId);
    if (run) nameByServer.set(key, serverShortLabel(run));
    else if (!nameByServer.has(key))
      nameByServer.set(
        key,
        'lab' in cell.server ? labFamilyName(cell.server.lab) : `target ${cell.server.targetId}`,
      );
  }
  // Runs whose cells say nothing (none today) still get a colour.
  const names = [...nameByServer.values(), ...runs.map(serverShortLabel)];
  return {
    colors: colorsOfServers(names),
    serverOf: (index) => {
      const cell = campaign.cells[index];
      return cell ? (nameByServer.get(JSON.stringify(cell.server)) ?? null) : null;
    },
  };
}

/** The colour of the server the current cell measures; null between cells. */
export function liveCellColor(palette: CampaignColors, currentCell: number | null): string | null {
  const server = currentCell === null ? null : palette.serverOf(currentCell);
  return server === null ? null : colorOfServer(palette.colors, server);
}
