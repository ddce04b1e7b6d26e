// Checks a filter pattern's structure with the same parser the search uses, before any connection.
import { FilterParser } from 'ldapts';
import { invalid } from '../../shared/errors.ts';
import { patternPieces } from './patternPieces.ts';

/** The filter with every bracketed token replaced by a plain word and [[ ]] unescaped (the pattern already parsed). */
export function filterSkeleton(pattern: string): string {
  // Tokens expand to values; a word keeps the filter's shape whatever they yield.
  return patternPieces(pattern, false)
    .map((piece) => (piece.token ? 'x' : piece.text))
    .join('');
}

/** Throws a validation error naming `field` when the filter (tokens as words) is not RFC 4515. */
export function checkFilterSyntax(pattern: string, field: string): void {
  const skeleton = filterSkeleton(pattern);
  if (skeleton !== skeleton.trim()) {
    throw invalid(field, `${field} '${pattern}' has spaces around the filter: remove them`);
  }
  try {
    FilterParser.parseString(skeleton);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw invalid(
      field,
      `${field} '${pattern}' is not an LDAP filter (${reason}): write (attribute=value), e.g. (uid=user.[1-1000])`,
    );
  }
}
