// Build step of @specgen/generate-core (after tsc): writes dist/precompiled-templates.json, the built-in
// templates compiled ahead of time (src/precompiled.ts explains when a run uses them).
import { writeFileSync } from 'node:fs';
import { DEFAULT_TEMPLATES_DIR } from '../dist/templates.js';
import { precompileTemplates } from '../dist/precompiled.js';

const table = precompileTemplates(DEFAULT_TEMPLATES_DIR);
writeFileSync(new URL('../dist/precompiled-templates.json', import.meta.url), `${JSON.stringify(table)}\n`);
process.stdout.write(`precompiled ${Object.keys(table).length} templates from ${DEFAULT_TEMPLATES_DIR}\n`);
