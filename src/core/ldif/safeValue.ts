// The one rule for when an LDIF value may be written as is (`attr: value`) and when it must be base64
// (`attr:: ...`). RFC 2849's SAFE-STRING would allow control characters such as a tab, but servers'
// readers do not agree on them (OpenLDAP's skips any white space after the colon, tab included), so
// only printable ASCII goes out plain; base64 is always allowed, so nothing is lost.

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const SPACE = 0x20;
const COLON = 0x3a;
const LESS_THAN = 0x3c;

/** True when every character of `text` may stand in a plain value (printable ASCII: no NUL, CR, LF or byte > 127). */
export function hasOnlySafeChars(text: string): boolean {
  return PRINTABLE_ASCII.test(text);
}

/** True when `text` may begin a plain value: not a space, ':' (base64 marker) or '<' (URL marker); '' is fine. */
export function hasSafeStart(text: string): boolean {
  const first = text.charCodeAt(0);
  return first !== SPACE && first !== COLON && first !== LESS_THAN;
}

/** True when `text` may end a plain value: not a space, which RFC 2849 wants base64 as readers may trim it. */
export function hasSafeEnd(text: string): boolean {
  return text.charCodeAt(text.length - 1) !== SPACE;
}

/** True when `value` can follow `attr: ` as is; otherwise it must be written base64. */
export function isSafeValue(value: string): boolean {
  return hasSafeStart(value) && hasSafeEnd(value) && hasOnlySafeChars(value);
}
