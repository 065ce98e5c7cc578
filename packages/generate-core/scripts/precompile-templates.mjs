// Build step of @specgen/generate-core (after tsc): writes dist/precompiled-templates.cjs, the built-in
// templates compiled ahead of time (src/precompiled.ts explains when a run uses them).
import { rmSync, writeFileSync } from 'node:fs';
import { DEFAULT_TEMPLATES_DIR } from '../dist/templates.js';
import { precompileTemplates } from '../dist/precompiled.js';
import { precompiledModule } from '../dist/precompiled-module.js';

const table = precompileTemplates(DEFAULT_TEMPLATES_DIR);
writeFileSync(new URL('../dist/precompiled-templates.cjs', import.meta.url), precompiledModule(table));
// The JSON table of earlier builds (JavaScript source strings) is no longer read.
rmSync(new URL('../dist/precompiled-templates.json', import.meta.url), { force: true });
process.stdout.write(`precompiled ${Object.keys(table).length} templates from ${DEFAULT_TEMPLATES_DIR}\n`);
