// ECharts fetched on first use: the first screen and screens without charts never load it.
import { useEffect, useState } from 'react';
import type * as ChartModule from './echarts.ts';

/** The configured ECharts core and our dark theme's name (charts/echarts.ts). */
export type ChartLibrary = typeof ChartModule;

let loaded: ChartLibrary | null = null;
let loading: Promise<ChartLibrary> | null = null;

/** ECharts with our chart types registered; one fetch however many charts ask, retried after a failure. */
export function loadChartLibrary(): Promise<ChartLibrary> {
  loading ??= import('./echarts.ts').then(
    (library) => (loaded = library),
    (err: unknown) => {
      // A failed fetch (the UI rebuilt, the host gone) is not cached: the next chart asks again.
      loading = null;
      throw err;
    },
  );
  return loading;
}

/** What a chart has of the library: the library once fetched, or why it could not be. */
export interface ChartLibraryState {
  library: ChartLibrary | null;
  error: string | null;
}

/** The chart library, fetched when a chart first mounts; at once when a screen preloaded it. */
export function useChartLibrary(): ChartLibraryState {
  const [state, setState] = useState<ChartLibraryState>({ library: loaded, error: null });
  useEffect(() => {
    if (state.library) return;
    let mounted = true;
    loadChartLibrary().then(
      (library) => {
        if (mounted) setState({ library, error: null });
      },
      (err: unknown) => {
        const error = err instanceof Error ? err.message : String(err);
        if (mounted) setState({ library: null, error });
      },
    );
    return () => {
      mounted = false;
    };
  }, [state.library]);
  return state;
}
