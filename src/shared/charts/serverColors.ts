// One colour per server across every chart of a campaign or comparison: the colour follows the server's
// short name, assigned over the whole set of runs (sorted names in palette order), so filtering a test,
// size or server out of a chart never recolours the others.
import { serverShortName } from '../serverNames.ts';
import type { ServerIdentity } from '../serverNames.ts';
import { SERIES_COLORS, seriesColor } from './palette.ts';

/** Server short name -> colour, as `serverColors` makes it and the chart settings take it. */
export type ServerColors = ReadonlyMap<string, string>;

/** Colours of the servers of `runs`: their short names sorted, given the palette in order. */
export function serverColors(runs: readonly ServerIdentity[]): Map<string, string> {
  return colorsOfServers(runs.map(serverShortName));
}

/** Colours of servers by short name: distinct names sorted, given the palette in order. */
export function colorsOfServers(servers: readonly string[]): Map<string, string> {
  const names = [...new Set(servers)].sort((a, b) => a.localeCompare(b));
  return new Map(names.map((name, i) => [name, seriesColor(i)]));
}

/** The colours a chart uses: the campaign's map when given, else one of the servers it draws. */
export function chartColors(
  given: ServerColors | undefined,
  servers: readonly string[],
): ServerColors {
  return given ?? colorsOfServers(servers);
}

/** A server's colour; a server missing from the map gets the first palette colour no server has. */
export function colorOfServer(colors: ServerColors, server: string): string {
  const known = colors.get(server);
  if (known !== undefined) return known;
  return freeColors(colors)[0] ?? seriesColor(colors.size);
}

/** Palette colours no server of `colors` uses, for published lines and the like. */
export function freeColors(colors: ServerColors): string[] {
  const used = new Set(colors.values());
  const free = SERIES_COLORS.filter((c) => !used.has(c));
  return free.length > 0 ? free : [...SERIES_COLORS];
}

/** Shade steps of the k-th series of one server: its colour, then lighter, darker, lighter still. */
const SHADES = [0, 0.45, -0.35, 0.7, -0.55];
/** Marker shapes in the same order, so shades stay apart without colour vision. */
const SYMBOLS = ['circle', 'triangle', 'rect', 'diamond', 'roundRect'] as const;

/** Colour and marker of the `variant`-th series of a server (several index profiles of one server). */
export function serverShade(
  color: string,
  variant: number,
): { color: string; symbol: (typeof SYMBOLS)[number] } {
  const step = SHADES[variant % SHADES.length] as number;
  return { color: mix(color, step), symbol: SYMBOLS[variant % SYMBOLS.length] as 'circle' };
}

/** `#rrggbb` moved toward white (step > 0) or black (step < 0) by |step|. */
function mix(color: string, step: number): string {
  const match = /^#([0-9a-f]{6})$/i.exec(color);
  if (!match || step === 0) return color;
  const value = parseInt(match[1] as string, 16);
  const channels = [value >> 16, (value >> 8) & 0xff, value & 0xff];
  const toward = step > 0 ? 255 : 0;
  const mixed = channels.map((c) => Math.round(c + (toward - c) * Math.abs(step)));
  return `#${mixed.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** Colours of series named per server: each series gets its server's colour, shaded per repeat of it. */
export function seriesColorsByServer(
  servers: readonly string[],
  colors: ServerColors,
): { color: string; symbol: string }[] {
  const seen = new Map<string, number>();
  return servers.map((server) => {
    const variant = seen.get(server) ?? 0;
    seen.set(server, variant + 1);
    return serverShade(colorOfServer(colors, server), variant);
  });
}
