// What the template compiler knows about a value before generating it: whether its LDIF line can be
// written without the safe-value check (the rule itself is in core/ldif/safeValue.ts) and whether it
// goes into an RDN without escaping.
import { hasOnlySafeChars, hasSafeEnd, hasSafeStart } from '../../ldif/safeValue.ts';

/** The properties of a piece of text that decide, before generating, whether its lines need checking. */
export interface TextProps {
  /** Only printable ASCII. */
  inner: boolean;
  /** Never starts with ' ', ':' or '<'. */
  start: boolean;
  /** Never ends with ' '. */
  end: boolean;
  /** May be empty. */
  empty: boolean;
  /** May contain a space. */
  spaces: boolean;
  /** May contain a character an RDN value escapes (`,+"\<>;#` or a control character). */
  special: boolean;
}

// Control characters are what these patterns exist to find.
// eslint-disable-next-line no-control-regex
const RDN_SPECIAL = /[,+"\\<>;#\x00-\x1f\x7f]/;

/** Properties of one known string. */
export function propsOf(text: string): TextProps {
  return {
    inner: hasOnlySafeChars(text),
    start: hasSafeStart(text),
    end: hasSafeEnd(text),
    empty: text === '',
    spaces: text.includes(' '),
    special: RDN_SPECIAL.test(text),
  };
}

/** Properties that hold for every string of a set (all values of a list or file). */
export function propsOfAll(texts: readonly string[]): TextProps {
  let props: TextProps = { ...SAFE_PROPS };
  for (const text of texts) props = mergeProps(props, propsOf(text));
  return props;
}

/** Properties that hold for values that are sometimes one, sometimes the other. */
export function mergeProps(a: TextProps, b: TextProps): TextProps {
  return {
    inner: a.inner && b.inner,
    start: a.start && b.start,
    end: a.end && b.end,
    empty: a.empty || b.empty,
    spaces: a.spaces || b.spaces,
    special: a.special || b.special,
  };
}

/** Nothing is known: the line is checked when generated. */
export const UNKNOWN_PROPS: TextProps = {
  inner: false,
  start: false,
  end: false,
  empty: true,
  spaces: true,
  special: true,
};
/** Printable ASCII without spaces or RDN specials, never empty (numbers, GUIDs, plain words). */
export const SAFE_PROPS: TextProps = {
  inner: true,
  start: true,
  end: true,
  empty: false,
  spaces: false,
  special: false,
};

/** Whether a value made of parts with these properties, in this order, is always a safe string. */
export function partsAreSafe(parts: readonly TextProps[]): boolean {
  if (!parts.every((p) => p.inner)) return false;
  for (const p of parts) {
    if (!p.start) return false;
    if (!p.empty) break;
  }
  for (let i = parts.length - 1; i >= 0; i--) {
    const p = parts[i] as TextProps;
    if (!p.end) return false;
    if (!p.empty) break;
  }
  return true;
}

/** Properties of a value made of these parts in order. */
export function combine(parts: readonly TextProps[]): TextProps {
  const safe = partsAreSafe(parts);
  return {
    inner: parts.every((p) => p.inner),
    start: safe,
    end: safe,
    empty: parts.every((p) => p.empty),
    spaces: parts.some((p) => p.spaces),
    special: parts.some((p) => p.special),
  };
}
