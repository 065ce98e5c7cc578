#!/usr/bin/env node
// The `specgen` bin. A committed file (not dist/main.js itself), so that package managers link the
// bin at install time, before the first build of a fresh clone has written dist/.
import('../dist/main.js').catch((error) => {
  if (error && error.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes('dist/main.js')) {
    process.stderr.write('specgen: the cli is not built yet; run `pnpm turbo run build` (or `pnpm build`) first\n');
    process.exit(2);
  }
  throw error;
});
