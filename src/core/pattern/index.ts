// The value-pattern language: UnboundID ValuePattern syntax, OpenDJ generators, and their shared types.
export { parseValuePattern } from './valuePattern.ts';
export { PatternError } from './errors.ts';
export type { ParseOptions, PatternContext, ValuePattern } from './types.ts';
export { openDjToValuePattern, parseOpenDjPattern } from './openDj.ts';
