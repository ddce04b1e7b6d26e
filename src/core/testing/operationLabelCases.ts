// Operation labels that trip up label -> figures pairing, shared by the tests that carry labels end to end.

/**
 * Labels a workload accepts, in an order no object keeps: integer-like ones ("10", "1", "0", "2")
 * that JavaScript would list first, "01" (not integer-like), unicode, emoji, case look-alikes and
 * Object.prototype's own names.
 */
export const TRICKY_LABELS: readonly string[] = [
  'search',
  '10',
  '1',
  '検索',
  '0',
  '01',
  'modifi\u00e9',
  '2',
  '\u{1F50D}',
  'Search',
  'constructor',
  'toString',
];

/** Keys validation refuses as labels, which code below validation must still keep as plain labels. */
export const UNSAFE_LABELS: readonly string[] = ['__proto__', 'search '];
