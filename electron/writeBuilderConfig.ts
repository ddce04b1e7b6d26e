// `node electron/writeBuilderConfig.ts FILE`: writes electron/builderConfig.ts's configuration as
// the JSON file `electron-builder --config FILE` reads.
import { writeFileSync } from 'node:fs';
import { BUILDER_CONFIG } from './builderConfig.ts';

const file = process.argv[2];
if (!file) {
  process.stderr.write(
    'usage: node electron/writeBuilderConfig.ts FILE: where to write the electron-builder JSON\n',
  );
  process.exitCode = 2;
} else {
  writeFileSync(file, `${JSON.stringify(BUILDER_CONFIG, null, 2)}\n`);
  process.stdout.write(`electron-builder configuration written to ${file}\n`);
}
