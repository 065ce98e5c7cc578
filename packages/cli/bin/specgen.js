#!/usr/bin/env node
// The `specgen` bin. A committed file (not the build's output itself), so that package managers link
// the bin at install time, before the first build of a fresh clone has written it. It runs the
// bundled CLI (bundle/main.js: a few modules instead of some 370, scripts/bundle.mjs).
import('../bundle/main.js').catch((error) => {
  if (error && error.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes('bundle/main.js')) {
    process.stderr.write('specgen: the cli is not built yet; run `pnpm turbo run build` (or `pnpm build`) first\n');
    process.exit(2);
  }
  throw error;
});
