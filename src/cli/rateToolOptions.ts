// UnboundID searchrate, modrate and authrate options and their `dirbench run` equivalents: the one
// table the command-line translation (rateToolTranslate.ts), its tests and the table of docs/rate-tools.md come from.

/** The UnboundID LDAP SDK rate tools DirBench translates. */
export const RATE_TOOLS = ['searchrate', 'modrate', 'authrate'] as const;

/** One of the UnboundID rate tools. */
export type RateTool = (typeof RATE_TOOLS)[number];

/** The `--op` each tool's load translates to. */
export const OP_OF_TOOL: Readonly<Record<RateTool, string>> = {
  searchrate: 'search',
  modrate: 'modify',
  authrate: 'bind',
};

/** How an option's value is rewritten for DirBench. */
export type ValueRewrite =
  /** `subord` is DirBench's `children`; the other scopes are spelled the same. */
  | 'scope'
  /** A literal value becomes a value pattern: `[` and `]` are doubled. */
  | 'literal'
  /** Sort keys lose the `+` of ascending order (DirBench's default). */
  | 'sort-order'
  /** N iterations become the policy `reconnect:N`. */
  | 'reconnect'
  /** SIMPLE is DirBench's default (no option); PLAIN, DIGEST-MD5 and CRAM-MD5 are `--sasl MECH`. */
  | 'auth-type';

/** What an UnboundID option becomes on a `dirbench run` command line. */
export type OptionMapping =
  /** The same value under another name (rewritten when `rewrite` says so). */
  | {
      kind: 'option';
      dirbench: string;
      rewrite?: ValueRewrite;
      /** Another option of the command line that changes this one: its DirBench name, or null for dropped. */
      instead?: { when: string; dirbench: string | null };
      /** Not written when this other UnboundID option is given (it carries this one's value). */
      foldedInto?: string;
    }
  /** A flag under another name. */
  | { kind: 'flag'; dirbench: string }
  /** Each repetition adds one item to a comma list. */
  | { kind: 'list'; dirbench: string }
  /** Host, port and TLS make up the --target URL. */
  | { kind: 'target'; part: 'host' | 'port' | 'ldaps' }
  /** A count of intervals, times --intervalDuration, is seconds. */
  | { kind: 'seconds'; dirbench: '--duration' | '--warmup' }
  /** The seconds one interval lasts (for the `seconds` options). */
  | { kind: 'interval' }
  /** A password on the command line goes through an environment variable instead (never stored, not in `ps`). */
  | { kind: 'password-env'; variable: string }
  /** Outstanding requests across all threads become --depth per connection (rounded up). */
  | { kind: 'depth' }
  /** A character set for random values becomes a `[random:LENGTH:CHARS]` value pattern. */
  | { kind: 'charset' }
  /** Each repetition is one more of the same DirBench option (e.g. one --control per -J). */
  | { kind: 'repeat'; dirbench: string }
  /** DirBench does this without an option (a default, or implied by another option). */
  | { kind: 'same'; how: string }
  /** DirBench has it in another form that takes a step by hand (e.g. converting a key store to PEM). */
  | { kind: 'manual'; dirbench: string; how: string }
  /** It only changes what the tool prints; DirBench stores every second and prints or exports it. */
  | { kind: 'output'; why: string }
  /** DirBench has no equivalent. */
  | { kind: 'none'; why: string };

/** One option of one or more of the tools, as their --help spells it. */
export interface RateToolOption {
  tools: readonly RateTool[];
  long: string;
  short?: string;
  /** True when the option takes a value. */
  takesValue: boolean;
  maps: OptionMapping;
  /** UnboundID's value when the option is absent, where DirBench's default differs (the translation writes it). */
  absent?: string;
  /** What a reader should know besides the mapping (docs/rate-tools.md table). */
  note?: string;
}

const ALL = RATE_TOOLS;
const SEARCHRATE = ['searchrate'] as const;
const MODRATE = ['modrate'] as const;
const AUTHRATE = ['authrate'] as const;

const OUTPUT =
  'DirBench stores every second of every run: --json, dirbench runs show and dirbench export print it';
const NO_BIND_CONTROLS =
  'binds are sent without request controls (controls go on the other operations: --control)';
const NO_PROMPT = 'runs are unattended, nothing is prompted';
const PEM_ONLY = 'DirBench reads PEM files, which need no store password';
const ONE_COMMAND_LINE =
  'options live on the command line; a workload definition can be kept in a --workload-file';

/** Every option the three tools' --help lists (UnboundID LDAP SDK 7.0.5), in the order --help lists them. */
// prettier-ignore
export const RATE_TOOL_OPTIONS: readonly RateToolOption[] = [
  // LDAP connection and authentication
  { tools: ALL, long: '--hostname', short: '-h', takesValue: true, maps: { kind: 'target', part: 'host' }, absent: 'localhost' },
  { tools: ALL, long: '--port', short: '-p', takesValue: true, maps: { kind: 'target', part: 'port' }, absent: '389' },
  { tools: ALL, long: '--bindDN', short: '-D', takesValue: true, maps: { kind: 'option', dirbench: '--bind-dn' } },
  { tools: ALL, long: '--bindPassword', short: '-w', takesValue: true, maps: { kind: 'password-env', variable: 'DIRBENCH_BIND_PASSWORD' } },
  { tools: ALL, long: '--bindPasswordFile', short: '-j', takesValue: true, maps: { kind: 'option', dirbench: '--password-file' } },
  { tools: ALL, long: '--promptForBindPassword', takesValue: false, maps: { kind: 'none', why: `${NO_PROMPT}: use --password-file or --password-env` } },
  { tools: ALL, long: '--useSSL', short: '-Z', takesValue: false, maps: { kind: 'target', part: 'ldaps' } },
  { tools: ALL, long: '--useStartTLS', short: '-q', takesValue: false, maps: { kind: 'flag', dirbench: '--start-tls' } },
  { tools: ALL, long: '--defaultTrust', takesValue: false, maps: { kind: 'same', how: 'DirBench trusts the system CAs unless --ca-file is given' } },
  { tools: ALL, long: '--trustAll', short: '-X', takesValue: false, maps: { kind: 'flag', dirbench: '--tls-no-verify' } },
  { tools: ALL, long: '--keyStorePath', short: '-K', takesValue: true, maps: { kind: 'manual', dirbench: '--client-cert PEM --client-key PEM', how: 'export the certificate and key to PEM, e.g. openssl pkcs12 -in store.p12 -nodes' } },
  { tools: ALL, long: '--keyStorePassword', short: '-W', takesValue: true, maps: { kind: 'none', why: PEM_ONLY } },
  { tools: ALL, long: '--keyStorePasswordFile', short: '-u', takesValue: true, maps: { kind: 'none', why: PEM_ONLY } },
  { tools: ALL, long: '--promptForKeyStorePassword', takesValue: false, maps: { kind: 'none', why: PEM_ONLY } },
  { tools: ALL, long: '--keyStoreFormat', takesValue: true, maps: { kind: 'none', why: 'DirBench reads PEM only' } },
  { tools: ALL, long: '--trustStorePath', short: '-P', takesValue: true, maps: { kind: 'manual', dirbench: '--ca-file PEM', how: 'export the CA certificate to PEM, e.g. keytool -exportcert -rfc' } },
  { tools: ALL, long: '--trustStorePassword', short: '-T', takesValue: true, maps: { kind: 'none', why: PEM_ONLY } },
  { tools: ALL, long: '--trustStorePasswordFile', short: '-U', takesValue: true, maps: { kind: 'none', why: PEM_ONLY } },
  { tools: ALL, long: '--promptForTrustStorePassword', takesValue: false, maps: { kind: 'none', why: PEM_ONLY } },
  { tools: ALL, long: '--trustStoreFormat', takesValue: true, maps: { kind: 'none', why: 'DirBench reads PEM only' } },
  { tools: ALL, long: '--verifyCertificateHostnames', takesValue: false, maps: { kind: 'same', how: 'DirBench always checks the host name against the certificate, unless --tls-no-verify' } },
  { tools: ALL, long: '--certNickname', short: '-N', takesValue: true, maps: { kind: 'none', why: 'a PEM file holds the one client certificate to present' } },
  { tools: ALL, long: '--saslOption', short: '-o', takesValue: true, maps: { kind: 'manual', dirbench: '--bind-mechanism MECH --bind-dn NAME', how: '-o mech=DIGEST-MD5, CRAM-MD5, SCRAM-SHA-1 or SCRAM-SHA-256 is --bind-mechanism, -o authID=NAME is --bind-dn NAME as the server takes it (slapd: the bare name); other mechanisms bind no load connection (binds as a workload: --op bind --sasl)' } },
  { tools: ALL, long: '--useSASLExternal', takesValue: false, maps: { kind: 'none', why: 'the load connections bind simply; EXTERNAL binds are measured by a --workload-file bind with mechanism EXTERNAL and --client-cert' } },
  { tools: ALL, long: '--helpSASL', takesValue: false, maps: { kind: 'output', why: 'help text' } },
  // What to search, modify or bind
  { tools: SEARCHRATE, long: '--baseDN', short: '-b', takesValue: true, maps: { kind: 'option', dirbench: '--base' } },
  { tools: AUTHRATE, long: '--baseDN', short: '-b', takesValue: true, maps: { kind: 'option', dirbench: '--search-base', instead: { when: '--bindOnly', dirbench: '--bind-dn-pattern' } } },
  { tools: SEARCHRATE, long: '--scope', short: '-s', takesValue: true, maps: { kind: 'option', dirbench: '--scope', rewrite: 'scope' } },
  { tools: AUTHRATE, long: '--scope', short: '-s', takesValue: true, maps: { kind: 'option', dirbench: '--search-scope', rewrite: 'scope', instead: { when: '--bindOnly', dirbench: null } } },
  { tools: SEARCHRATE, long: '--filter', short: '-f', takesValue: true, maps: { kind: 'option', dirbench: '--filter' } },
  { tools: AUTHRATE, long: '--filter', short: '-f', takesValue: true, maps: { kind: 'option', dirbench: '--search-filter', instead: { when: '--bindOnly', dirbench: null } } },
  { tools: SEARCHRATE, long: '--attribute', short: '-A', takesValue: true, maps: { kind: 'list', dirbench: '--attributes' } },
  { tools: AUTHRATE, long: '--attribute', short: '-A', takesValue: true, maps: { kind: 'none', why: 'search-then-bind asks for no attributes (1.1): it needs only the DN' } },
  { tools: SEARCHRATE, long: '--ldapURL', takesValue: true, maps: { kind: 'manual', dirbench: '--base --scope --filter --attributes', how: "give the URL's parts as those options" } },
  { tools: SEARCHRATE, long: '--sizeLimit', short: '-z', takesValue: true, maps: { kind: 'option', dirbench: '--size-limit' } },
  { tools: SEARCHRATE, long: '--timeLimitSeconds', short: '-l', takesValue: true, maps: { kind: 'option', dirbench: '--time-limit' } },
  { tools: SEARCHRATE, long: '--dereferencePolicy', takesValue: true, maps: { kind: 'option', dirbench: '--deref' } },
  { tools: SEARCHRATE, long: '--typesOnly', takesValue: false, maps: { kind: 'flag', dirbench: '--types-only' } },
  { tools: MODRATE, long: '--entryDN', short: '-b', takesValue: true, maps: { kind: 'option', dirbench: '--entry-dn' } },
  { tools: MODRATE, long: '--attribute', short: '-A', takesValue: true, maps: { kind: 'option', dirbench: '--attribute' }, note: 'one attribute; a --workload-file modify can change several' },
  { tools: MODRATE, long: '--valuePattern', takesValue: true, maps: { kind: 'option', dirbench: '--value' } },
  { tools: MODRATE, long: '--valueLength', short: '-l', takesValue: true, maps: { kind: 'option', dirbench: '--value-length', foldedInto: '--characterSet' } },
  { tools: MODRATE, long: '--valueCount', takesValue: true, maps: { kind: 'none', why: '--op modify replaces one value; a --workload-file change can list several value patterns' } },
  { tools: MODRATE, long: '--increment', takesValue: false, maps: { kind: 'none', why: 'modify changes are replace, add or delete; the increment modification (RFC 4525) is not sent' } },
  { tools: MODRATE, long: '--incrementAmount', takesValue: true, maps: { kind: 'none', why: 'no increment modification (see --increment)' } },
  { tools: MODRATE, long: '--characterSet', short: '-C', takesValue: true, maps: { kind: 'charset' } },
  { tools: AUTHRATE, long: '--credentials', short: '-C', takesValue: true, maps: { kind: 'option', dirbench: '--credentials-pattern', rewrite: 'literal' } },
  { tools: AUTHRATE, long: '--bindOnly', short: '-B', takesValue: false, maps: { kind: 'same', how: 'without a search, --baseDN is the --bind-dn-pattern' } },
  { tools: AUTHRATE, long: '--authType', short: '-a', takesValue: true, maps: { kind: 'option', dirbench: '--sasl', rewrite: 'auth-type' } },
  // Request controls
  { tools: AUTHRATE, long: '--authorizationIdentityRequestControl', takesValue: false, maps: { kind: 'none', why: NO_BIND_CONTROLS } },
  { tools: AUTHRATE, long: '--passwordPolicyRequestControl', takesValue: false, maps: { kind: 'none', why: NO_BIND_CONTROLS } },
  { tools: AUTHRATE, long: '--searchControl', takesValue: true, maps: { kind: 'none', why: 'the search of a search-then-bind is sent without request controls' } },
  { tools: AUTHRATE, long: '--bindControl', takesValue: true, maps: { kind: 'none', why: NO_BIND_CONTROLS } },
  { tools: ['searchrate', 'modrate'], long: '--assertionFilter', takesValue: true, maps: { kind: 'option', dirbench: '--assertion-filter', rewrite: 'literal' } },
  { tools: MODRATE, long: '--permissiveModify', takesValue: false, maps: { kind: 'flag', dirbench: '--permissive-modify' } },
  { tools: MODRATE, long: '--preReadAttribute', takesValue: true, maps: { kind: 'list', dirbench: '--pre-read' } },
  { tools: MODRATE, long: '--postReadAttribute', takesValue: true, maps: { kind: 'list', dirbench: '--post-read' } },
  { tools: SEARCHRATE, long: '--simplePageSize', takesValue: true, maps: { kind: 'option', dirbench: '--page-size' } },
  { tools: SEARCHRATE, long: '--sortOrder', takesValue: true, maps: { kind: 'option', dirbench: '--sort-keys', rewrite: 'sort-order' } },
  { tools: ['searchrate', 'modrate'], long: '--proxyAs', short: '-Y', takesValue: true, maps: { kind: 'option', dirbench: '--proxy-as' }, note: 'a value pattern in both' },
  { tools: ['searchrate', 'modrate'], long: '--control', short: '-J', takesValue: true, maps: { kind: 'repeat', dirbench: '--control' }, note: 'the same OID[:criticality[:value|::base64value]] syntax' },
  // Rate management
  { tools: ALL, long: '--numThreads', short: '-t', takesValue: true, maps: { kind: 'option', dirbench: '--connections' }, absent: '1' },
  { tools: ALL, long: '--intervalDuration', short: '-i', takesValue: true, maps: { kind: 'interval' }, absent: '5' },
  { tools: ALL, long: '--numIntervals', short: '-I', takesValue: true, maps: { kind: 'seconds', dirbench: '--duration' } },
  { tools: ['searchrate', 'modrate'], long: '--iterationsBeforeReconnect', takesValue: true, maps: { kind: 'option', dirbench: '--policy', rewrite: 'reconnect' } },
  { tools: ALL, long: '--ratePerSecond', short: '-r', takesValue: true, maps: { kind: 'option', dirbench: '--rate' } },
  { tools: ALL, long: '--variableRateData', takesValue: true, maps: { kind: 'manual', dirbench: '--rate-profile FILE', how: 'rewrite the file as lines "SECONDS RATE" or "SECONDS FROM TO"' } },
  { tools: ALL, long: '--generateSampleRateFile', takesValue: true, maps: { kind: 'none', why: 'a --rate-profile file is plain lines "SECONDS RATE" or "SECONDS FROM TO" (dirbench run --help): there is no sample to generate' } },
  { tools: ALL, long: '--warmUpIntervals', takesValue: true, maps: { kind: 'seconds', dirbench: '--warmup' }, absent: '0' },
  // Other
  { tools: ALL, long: '--timestampFormat', takesValue: true, maps: { kind: 'output', why: OUTPUT } },
  { tools: SEARCHRATE, long: '--asynchronous', short: '-a', takesValue: false, maps: { kind: 'same', how: 'implied by --depth: each connection keeps that many requests outstanding' } },
  { tools: SEARCHRATE, long: '--maxOutstandingRequests', short: '-O', takesValue: true, maps: { kind: 'depth' } },
  { tools: ALL, long: '--suppressErrorResultCodes', takesValue: false, maps: { kind: 'output', why: OUTPUT } },
  { tools: ALL, long: '--csv', short: '-c', takesValue: false, maps: { kind: 'output', why: `${OUTPUT} (dirbench export --format csv --samples: one row per second)` } },
  { tools: ALL, long: '--randomSeed', short: '-R', takesValue: true, maps: { kind: 'option', dirbench: '--seed' } },
  // Usage
  { tools: ALL, long: '--interactive', takesValue: false, maps: { kind: 'none', why: NO_PROMPT } },
  { tools: ALL, long: '--outputFile', takesValue: true, maps: { kind: 'output', why: OUTPUT } },
  { tools: ALL, long: '--appendToOutputFile', takesValue: false, maps: { kind: 'output', why: OUTPUT } },
  { tools: ALL, long: '--teeOutput', takesValue: false, maps: { kind: 'output', why: OUTPUT } },
  { tools: ALL, long: '--help', short: '-H', takesValue: false, maps: { kind: 'output', why: 'dirbench run --help' } },
  { tools: ALL, long: '--help-debug', takesValue: false, maps: { kind: 'output', why: 'help text' } },
  { tools: ALL, long: '--version', short: '-V', takesValue: false, maps: { kind: 'output', why: 'dirbench --version' } },
  { tools: ALL, long: '--propertiesFilePath', takesValue: true, maps: { kind: 'none', why: ONE_COMMAND_LINE } },
  { tools: ALL, long: '--generatePropertiesFile', takesValue: true, maps: { kind: 'none', why: ONE_COMMAND_LINE } },
  { tools: ALL, long: '--noPropertiesFile', takesValue: false, maps: { kind: 'same', how: 'DirBench reads no properties file' } },
  { tools: ALL, long: '--suppressPropertiesFileComment', takesValue: false, maps: { kind: 'output', why: 'DirBench reads no properties file' } },
];
