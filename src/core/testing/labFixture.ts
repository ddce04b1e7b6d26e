// A complete stored lab for tests, so each test states only what it is about.
import type { StoredLab } from '../lab/labRecord.ts';

/** OpenLDAP lab `id` of 100 Salford entries under /labs/ID as first recorded (nothing built yet), with `overrides`. */
export function storedLabFixture(id: string, overrides: Partial<StoredLab> = {}): StoredLab {
  return {
    id,
    kind: 'openldap',
    state: 'loading',
    entries: 100,
    seed: 1,
    persistent: false,
    shape: 'salford',
    suffix: 'c=gb',
    baseDn: 'o=Salford,c=gb',
    bindDn: 'cn=admin,c=gb',
    indexProfile: 'salford-indexed',
    indexes: ['objectClass eq', 'cn eq,sub,pres'],
    loadMethod: 'offline',
    loadConnections: null,
    tls: null,
    port: 3890,
    url: 'ldap://127.0.0.1:3890',
    dataDir: `/labs/${id}`,
    passwordFile: `/labs/${id}/root.pw`,
    rootPassword: 'secret',
    ownerPid: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    // What a build finds out.
    pid: null,
    serverVersion: null,
    targetId: null,
    generateS: null,
    loadS: null,
    startS: null,
    verifiedEntries: null,
    error: null,
    ...overrides,
  };
}
