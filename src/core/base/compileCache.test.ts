import assert from 'node:assert/strict';
import os from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { compileCacheDir } from './compileCache.ts';

/** compileCacheDir() with these environment variables set (undefined: unset), the others restored after. */
function dirWith(env: Record<string, string | undefined>): string {
  const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  const apply = (values: Record<string, string | undefined>): void => {
    for (const [name, value] of Object.entries(values)) {
      if (value === undefined) Reflect.deleteProperty(process.env, name);
      else process.env[name] = value;
    }
  };
  apply(env);
  try {
    return compileCacheDir();
  } finally {
    apply(saved);
  }
}

test('the compile cache lives in the user cache folder, or where NODE_COMPILE_CACHE says', () => {
  assert.equal(dirWith({ NODE_COMPILE_CACHE: '/tmp/elsewhere' }), '/tmp/elsewhere');
  if (process.platform !== 'linux') return;
  assert.equal(
    dirWith({ NODE_COMPILE_CACHE: undefined, XDG_CACHE_HOME: '/tmp/xdg' }),
    '/tmp/xdg/dirbench/modules',
  );
  assert.equal(
    dirWith({ NODE_COMPILE_CACHE: undefined, XDG_CACHE_HOME: undefined }),
    join(os.homedir(), '.cache', 'dirbench', 'modules'),
  );
});
