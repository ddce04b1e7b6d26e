// The About box's text, kept apart from Electron so it can be tested.
/** The versions the About box shows. */
export interface AboutFacts {
  version: string;
  /** The git commit the app was built from; null when built outside a checkout. */
  commit: string | null;
  electron: string;
  chrome: string;
  node: string;
}

/** Options for dialog.showMessageBox: the app's name and version, then the commit and runtimes. */
export function aboutBox(facts: AboutFacts): {
  type: 'info';
  title: string;
  message: string;
  detail: string;
  buttons: string[];
} {
  return {
    type: 'info',
    title: 'About DirBench',
    message: `DirBench ${facts.version}`,
    detail: [
      `Commit: ${facts.commit ?? 'unknown (built outside a git checkout)'}`,
      `Electron ${facts.electron} · Chromium ${facts.chrome} · Node ${facts.node}`,
      'Benchmarks LDAP directory servers. MIT licence.',
    ].join('\n'),
    buttons: ['OK'],
  };
}
