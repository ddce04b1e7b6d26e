// The one way the CLI shows progress on stderr: on a terminal as it always did (a line rewritten in
// place, or a line per update); on a file, a pipe or a CI log as plain lines only, one when a phase
// begins, one every few seconds within it and its last state when it ends, never a carriage return
// or an escape code.

/** Where progress goes: a stream that may be a terminal. */
export interface ProgressStream {
  isTTY?: boolean;
  write(text: string): unknown;
}

/** How progress is shown. */
export interface ProgressOptions {
  /** Default: process.stderr. */
  stream?: ProgressStream;
  /** On a terminal, rewrite a phase's line in place (else each update is a line of its own). */
  inPlace?: boolean;
  /** Off a terminal, the least time between two lines of one phase. */
  plainEveryMs?: number;
  /** The clock the spacing is measured by (tests inject one). */
  nowMs?: () => number;
}

/** Shows progress phase by phase. */
export interface Progress {
  /** `line` is the state of `phase` now: a new phase starts a line, the same phase updates it. */
  show(phase: string, line: string): void;
  /** A line to be read whole (a notice): always shown, on a line of its own. */
  say(line: string): void;
  /** Ends the current phase: its line on a terminal, its held-back last state elsewhere. */
  end(): void;
}

/** Off a terminal, an update line at most this often per phase. */
export const PLAIN_PROGRESS_EVERY_MS = 5000;

/** Progress on `options.stream` (stderr), shaped for what that stream is. */
export function progress(options: ProgressOptions = {}): Progress {
  const stream = options.stream ?? process.stderr;
  if (stream.isTTY !== true) return plainProgress(stream, options);
  return options.inPlace === true ? inPlaceProgress(stream) : linesProgress(stream);
}

/** A file or a pipe: each phase's first line, one every `plainEveryMs`, and its last when it ends. */
function plainProgress(stream: ProgressStream, options: ProgressOptions): Progress {
  const everyMs = options.plainEveryMs ?? PLAIN_PROGRESS_EVERY_MS;
  const nowMs = options.nowMs ?? (() => performance.now());
  let phase: string | null = null;
  let shownAtMs = 0;
  // The phase's latest state when it was held back: how the phase ended, told when it does.
  let held: string | null = null;
  const flush = (): void => {
    if (held !== null) stream.write(`${held}\n`);
    held = null;
  };
  return {
    show(next, line) {
      const now = nowMs();
      if (next === phase && now - shownAtMs < everyMs) {
        held = line;
        return;
      }
      if (next !== phase) flush();
      held = null;
      phase = next;
      shownAtMs = now;
      stream.write(`${line}\n`);
    },
    say(line) {
      flush();
      stream.write(`${line}\n`);
    },
    end: flush,
  };
}

/** A terminal, each update a line (a run's seconds, a campaign's steps: a log to scroll back). */
function linesProgress(stream: ProgressStream): Progress {
  return {
    show: (_phase, line) => stream.write(`${line}\n`),
    say: (line) => stream.write(`${line}\n`),
    end: () => undefined,
  };
}

/** A terminal, one line per phase rewritten in place (a 10M-entry load shows it is moving). */
function inPlaceProgress(stream: ProgressStream): Progress {
  let phase: string | null = null;
  const end = (): void => {
    if (phase !== null) stream.write('\n');
    phase = null;
  };
  return {
    show(next, line) {
      if (next === phase) stream.write(`\r${line}\x1b[K`);
      else {
        end();
        stream.write(line);
      }
      phase = next;
    },
    say(line) {
      end();
      stream.write(`${line}\n`);
    },
    end,
  };
}
