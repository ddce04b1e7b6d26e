// Reading per-operation records (`operations` of samples and summaries) by label, never by key order.
//
// A record's own key order is not the workload's: JavaScript lists integer-like keys ("1", "10")
// first, so order comes from the workload's labels, and lookups must not fall through to
// Object.prototype (a label "constructor" or "toString" absent from a record is absent).

/** The figures a per-label record holds for `label`; undefined when it has no such own key. */
export function figuresOf<T>(
  record: Readonly<Record<string, T>> | null | undefined,
  label: string,
): T | undefined {
  return record != null && Object.hasOwn(record, label) ? record[label] : undefined;
}

/** `present` labels in the order of `known` (the workload's labels), then any others sorted. */
export function labelsInOrder(known: readonly string[], present: Iterable<string>): string[] {
  const have = new Set(present);
  const ordered = known.filter((label) => have.has(label));
  const listed = new Set(ordered);
  const others = [...have].filter((label) => !listed.has(label)).sort();
  return [...ordered, ...others];
}
