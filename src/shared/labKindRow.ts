// The shape of a lab kind's row (src/shared/labKinds.ts): what the code asks of every kind.

/** A measured load: `seconds` to load `entries`. */
export type LoadPoint = readonly [entries: number, seconds: number];

/** One lab kind's build time, as measured. */
export interface LabBuildFigure {
  /** Seconds besides generating and loading: creating the instance, starting it, counting. */
  setupS: number;
  /** Loads by the server's own offline tool, by size ascending. */
  offline: readonly LoadPoint[];
  /** Loads over LDAP (8 connections), by size ascending. */
  protocol: readonly LoadPoint[];
}

/** A product as legends name it, and the root DSE vendor text (vendorName vendorVersion) naming it. */
export interface ServerFamily {
  name: string;
  pattern: RegExp;
}

/** Root DSE signs of a kind besides its vendor text. */
interface RootDseSigns {
  /** An objectClass value of its root DSE, lower-case (OpenLDAP's openldaprootdse). */
  objectClass?: string;
  /** A root DSE naming a monitorContext is of this kind (only OpenLDAP's names one). */
  monitorContext?: true;
  /** An Active Directory: told only among servers with AD's capability OID, and only by its vendor. */
  activeDirectory?: true;
}

/** Its server's LDAP monitor: read by its driver folder's reader, or why there is none to read. */
type LabKindMonitor =
  | {
      read: true;
      /** When the root DSE names no monitorContext and the read fails: what is wrong and the fix. */
      withoutContext?: string;
    }
  | { read: false; why: string };

/** The labs screen's words for a kind. */
interface LabKindFormText {
  /** Its offline bulk loader, e.g. "slapadd". */
  loader: string;
  /** What its offline load does, when that is not "LDIF into the stopped server". */
  offlineLoad?: string;
  /** What to expect of its offline load (time, disk), under the form. */
  loadHint?: string;
  /** What sets its labs apart, in the lab's details. */
  notes?: string;
}

/** What a lab kind can do, for core, the CLI and the UI alike. */
interface LabKindCapabilities {
  /** Its labs serve StartTLS and ldaps:// with a CA of their own. */
  tls: boolean;
  /** Its labs can have replicas (consumers of the lab's server). */
  replicas: boolean;
}

/** Where its server software comes from, and what a person who lacks it is told. */
type LabKindInstall =
  | {
      from: 'package';
      /** The sentence shown when its packages are missing, with the commands that install them. */
      hint: string;
    }
  | {
      from: 'download';
      /** What `dirbench lab install KIND` fetches, e.g. "the OpenDJ 4.9 server zip from Maven Central". */
      fetches: string;
    };

/** Everything DirBench knows of one lab kind besides its driver code. */
export interface LabKindRow {
  /** Its product name in full, e.g. "389 Directory Server": forms, cell descriptions, monitor notes. */
  title: string;
  /** Its product family: the short name of legends and buttons ("389 DS"), and its vendor text. */
  family: ServerFamily;
  /** Products of the same line its runs may meet, named apart in legends (Red Hat DS beside 389 DS). */
  relatives?: readonly ServerFamily[];
  /** The vendor a run records when the root DSE names none (as migration 6 filled old runs). */
  vendor: string;
  /** How a root DSE tells it besides the vendor text of its family and relatives. */
  rootDse?: RootDseSigns;
  monitor: LabKindMonitor;
  form: LabKindFormText;
  capabilities: LabKindCapabilities;
  install: LabKindInstall;
  /** Its build, measured: where a matrix estimate starts before a campaign has timed its own. */
  build: LabBuildFigure;
}
