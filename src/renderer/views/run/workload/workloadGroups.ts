// Groups the workload list by catalog for the picker: built-in, each study catalog, then saved ones.
import type { WorkloadListItem } from '../../../../shared/workload.ts';

/** One heading of the picker and its workloads. */
export interface WorkloadGroup {
  catalog: string;
  title: string;
  items: WorkloadListItem[];
}

/** The part of an id after its catalog: `salford/S.3` -> `S.3`. */
export function shortId(item: Pick<WorkloadListItem, 'id' | 'catalog'>): string {
  const prefix = `${item.catalog}/`;
  return item.id.startsWith(prefix) ? item.id.slice(prefix.length) : item.id;
}

/** True when `item` matches every word of `query` in its id, title or description. */
export function matchesQuery(item: WorkloadListItem, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = `${item.id} ${item.title} ${item.description} ${item.catalogTitle}`.toLowerCase();
  return words.every((w) => text.includes(w));
}

/** Groups in list order, except that built-in comes first and saved workloads last. */
export function groupWorkloads(items: readonly WorkloadListItem[]): WorkloadGroup[] {
  const groups = new Map<string, WorkloadGroup>();
  for (const item of items) {
    let group = groups.get(item.catalog);
    if (!group) {
      group = { catalog: item.catalog, title: item.catalogTitle, items: [] };
      groups.set(item.catalog, group);
    }
    group.items.push(item);
  }
  const rank = (g: WorkloadGroup) => (g.catalog === 'builtin' ? 0 : g.catalog === 'user' ? 2 : 1);
  return [...groups.values()].sort((a, b) => rank(a) - rank(b));
}

/** A saved name suggested for a copy of `id`: `salford/S.3` -> `salford-S.3-copy`, `user/x` -> `x`. */
export function suggestedName(id: string): string {
  if (id.startsWith('user/')) return id.slice('user/'.length);
  return `${id.replace(/[^\w.-]+/g, '-')}-copy`.slice(0, 64);
}

/** Names a saved workload may have (the part after `user/`), as the host checks them. */
export const SAVED_NAME = /^[A-Za-z0-9][\w.-]{0,63}$/;

/** The title without a leading repeat of the short id (`S.3 Subtree ...` under `S.3`). */
export function displayTitle(item: Pick<WorkloadListItem, 'id' | 'catalog' | 'title'>): string {
  const short = shortId(item);
  return item.title.startsWith(`${short} `) ? item.title.slice(short.length + 1) : item.title;
}

/** Characters of the group's longest short id (at most 18), so titles line up within a group. */
export function idChars(items: readonly Pick<WorkloadListItem, 'id' | 'catalog'>[]): number {
  return Math.min(18, Math.max(3, ...items.map((item) => shortId(item).length)));
}
