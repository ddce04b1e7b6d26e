// Every parser that quotes a user's file in its error (rate tool CSV, LDIF, makeldif templates, rate
// profiles, entry templates) shows binary or control-laden input only as a printable excerpt.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadTemplateText } from '../datagen/makeldif/engine.ts';
import { parseLdifText } from '../ldif/parse.ts';
import { parseEntryTemplateText } from '../../shared/entryTemplateText.ts';
import { parseRateProfile } from '../../shared/rateProfile.ts';
import { buildImportedRun } from './importRun.ts';

/** The start of an ELF executable, as a browser's File.text() or readFileSync(utf8) decodes it. */
const ELF = new TextDecoder().decode(
  Uint8Array.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0x3e, 0]),
);
/** Latin-1 bytes read as UTF-8 (replacement characters) and a terminal escape that clears the screen. */
const GARBLED = '\ufffd\ufffd\u001b[2J\u0007';
const SEARCHRATE_HEADER =
  'Recent Searches/Sec,Recent Avg Dur ms,Recent Errors/Sec,Overall Searches/Sec,Overall Avg Dur ms';

/** The message `fn` throws. */
function messageOf(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
  return assert.fail('nothing was thrown');
}

/** No control character a terminal acts on (C0, DEL, C1), and the input shown as offsets and hex. */
function assertPrintable(message: string, bytes: RegExp): void {
  assert.doesNotMatch(message, /\p{Cc}|\ufffd/u, 'no control or replacement character');
  assert.match(message, bytes);
}

test('an imported binary file is refused as not text, its first bytes shown in hex', () => {
  for (const format of ['searchrate-csv', 'opendj-csv'] as const) {
    const message = messageOf(() => buildImportedRun({ format, fileName: 'a.out', text: ELF }));
    assertPrintable(message, /a control byte 0x7f at offset 0, in bytes 0-15: 7f 45 4c 46 02/);
    assert.match(message, /^a\.out is not rate tool output: it is not text/);
  }
});

test('a CSV line that is not text is quoted as bytes', () => {
  const text = `${SEARCHRATE_HEADER}\n1,2,3,4,5\n\ufffd\ufffdx\n`;
  const message = messageOf(() =>
    buildImportedRun({ format: 'searchrate-csv', fileName: 'r.csv', text }),
  );
  assertPrintable(message, /got 1: bytes 0-6: ef bf bd ef bf bd 78$/);
  const header = messageOf(() =>
    buildImportedRun({
      format: 'opendj-csv',
      fileName: 'r.csv',
      text: `\ufffd${SEARCHRATE_HEADER}`,
    }),
  );
  assertPrintable(
    header,
    /\(got bytes 0-15: ef bf bd 52 65 63 65 6e 74 20 53 65 61 72 63 68 \.\.\.\)/,
  );
});

test('LDIF, templates, rate profiles and entry templates quote garbled lines as bytes', () => {
  const hex = /bytes 0-10: ef bf bd ef bf bd 1b 5b 32 4a 07/;
  assertPrintable(
    messageOf(() => parseLdifText(`dn: o=x\n${GARBLED}\n`, 'x.ldif')),
    hex,
  );
  assertPrintable(
    messageOf(() => loadTemplateText(`define a=1\n\n${GARBLED}\n`, 't.template', { seed: 1 })),
    /a control byte 0x1b at character 14, after bytes that are not UTF-8\)/,
  );
  assertPrintable(
    messageOf(() => loadTemplateText(ELF, 'a.out', { seed: 1 })),
    /not a template: it is not text \(a control byte 0x7f at offset 0, in bytes 0-15: 7f 45/,
  );
  assertPrintable(
    messageOf(() => parseRateProfile(`10 100\n${GARBLED} 5\n`)),
    /line 2 bytes 0-/,
  );
  assertPrintable(
    messageOf(() => parseRateProfile('[{"durationS": 1, "fromOpsPerSec": "\u0001"}]')),
    /at position 36 \(line 1 column 37\): bytes 36-39: 01 22 7d 5d$/,
  );
  assertPrintable(
    messageOf(() => parseEntryTemplateText(`dn: cn=x\n${GARBLED}`, 'add')),
    hex,
  );
});
