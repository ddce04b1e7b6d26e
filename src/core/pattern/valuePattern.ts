// The UnboundID ValuePattern grammar: literal text with [[ ]] escapes and bracketed tokens.
import { failAt } from './errors.ts';
import { assemble, compileEnv } from './assemble.ts';
import { compileToken } from './tokens.ts';
import type { Component, ParseOptions, ValuePattern } from './types.ts';

/** Parses an UnboundID/Ping value pattern such as "uid=user.[1-1000%0000]" plus DirBench's [entry:] and [unique]. */
export function parseValuePattern(text: string, options?: ParseOptions): ValuePattern {
  const env = compileEnv(options);
  const pieces: (string | Component)[] = [];
  const entryAttributes: string[] = [];
  let usesUnique = false;
  let keepRefs = false;
  let literal = '';
  let position = 0;
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '[') {
      if (text[i + 1] === '[') {
        literal += '[';
        i += 2;
        continue;
      }
      // Like UnboundID, a token ends at the first ']', so token text cannot contain one.
      const close = text.indexOf(']', i + 1);
      if (close < 0) failAt(text, i + 1)(0, "unclosed '['");
      if (literal !== '') pieces.push(literal);
      literal = '';
      const token = compileToken(text.slice(i + 1, close), position, env, failAt(text, i + 2));
      pieces.push(token.run);
      if (token.refIndex !== undefined) keepRefs = true;
      if (token.entryAttribute !== undefined) entryAttributes.push(token.entryAttribute);
      if (token.usesUnique === true) usesUnique = true;
      position++;
      i = close + 1;
    } else if (ch === ']') {
      if (text[i + 1] !== ']') failAt(text, i + 1)(0, "unmatched ']' (write ]] for a literal ])");
      literal += ']';
      i += 2;
    } else {
      // Copy the whole run of plain text at once rather than char by char.
      let end = i + 1;
      while (end < text.length && text[end] !== '[' && text[end] !== ']') end++;
      literal += text.slice(i, end);
      i = end;
    }
  }
  if (literal !== '') pieces.push(literal);
  return assemble({ source: text, pieces, keepRefs, entryAttributes, usesUnique });
}
