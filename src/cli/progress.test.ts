// Progress on a terminal and elsewhere: in place or line by line on a terminal; plain lines (each
// phase's first, then one every 5 s) with no carriage return or escape code on a file or a pipe.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { progress } from './progress.ts';
import type { ProgressStream } from './progress.ts';

/** A stream that keeps what was written, a terminal or not. */
function captured(isTTY: boolean): ProgressStream & { text: string } {
  const stream = {
    isTTY,
    text: '',
    write(chunk: string) {
      stream.text += chunk;
      return true;
    },
  };
  return stream;
}

test('off a terminal: a line per phase, one every 5 s and its last, never \\r or escapes', () => {
  const stream = captured(false);
  let nowMs = 0;
  const shown = progress({ stream, inPlace: true, nowMs: () => nowMs });
  shown.show('load', 'Loading (0%)');
  for (let s = 1; s <= 12; s++) {
    nowMs = s * 1000;
    shown.show('load', `Loading (${s * 8}%)`);
  }
  shown.say('Note: the load is slow');
  shown.show('verify', 'Counting the entries');
  shown.end();
  assert.equal(
    stream.text,
    'Loading (0%)\nLoading (40%)\nLoading (80%)\nLoading (96%)\nNote: the load is slow\nCounting the entries\n',
  );
  assert.ok(!stream.text.includes('\r') && !stream.text.includes('\x1b'));
});

test('off a terminal, a new phase is a line at once after the last state of the one before', () => {
  const stream = captured(false);
  const shown = progress({ stream, nowMs: () => 0 });
  shown.show('warmup', 'w1');
  shown.show('measured', 'm1');
  shown.show('measured', 'm2');
  shown.show('warmup', 'w2');
  shown.show('warmup', 'w3');
  shown.end();
  assert.equal(stream.text, 'w1\nm1\nm2\nw2\nw3\n');
});

test('on a terminal in place: the phase line is rewritten, a new phase or a note starts a line', () => {
  const stream = captured(true);
  const shown = progress({ stream, inPlace: true });
  shown.show('load', 'Loading (0%)');
  shown.show('load', 'Loading (50%)');
  shown.say('Note: slow');
  shown.show('load', 'Loading (90%)');
  shown.show('verify', 'Counting');
  shown.end();
  shown.end();
  assert.equal(
    stream.text,
    'Loading (0%)\rLoading (50%)\x1b[K\nNote: slow\nLoading (90%)\nCounting\n',
  );
});

test('on a terminal line by line: every update is a line (a run prints each second)', () => {
  const stream = captured(true);
  const shown = progress({ stream, nowMs: () => 0 });
  shown.show('measured', 's1');
  shown.show('measured', 's2');
  assert.equal(stream.text, 's1\ns2\n');
});
