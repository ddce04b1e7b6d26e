// A small matrix as a user would submit it, so each test states only the settings it is about.

/** One OpenLDAP lab of 1,000 salford-indexed entries, read-random on 2 connections for 1 s, with `overrides` (unvalidated). */
export function matrixSpecFixture(
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    name: 'small',
    servers: [{ lab: 'openldap' }],
    sizes: [1000],
    indexProfiles: ['salford-indexed'],
    workloads: ['read-random'],
    connections: [2],
    repeats: 1,
    warmupS: 0,
    durationS: 1,
    ...overrides,
  };
}
