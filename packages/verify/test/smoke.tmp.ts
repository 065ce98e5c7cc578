import { startSandbox, demoCredentials, spec, REDIRECT_URL } from './sandbox.ts';
import { verify, formatReport } from '../src/index.ts';
import { readFileSync } from 'node:fs';
const version = process.argv[2] ?? spec.newestVersion!;
const sb = await startSandbox({ version, oidc: version >= '25' });
const t = Date.now();
try {
  const { report, redact } = await verify({ baseUrl: sb.url, spec, serviceVersion: version, ...demoCredentials(process.argv[3] !== 'nomfa'), oidcRedirectUrl: REDIRECT_URL });
  console.log(redact(formatReport(report, 'text', { source: (f) => readFileSync(f, 'utf8'), color: false, relativeFile: (f) => f })));
  console.log('ms', Date.now() - t);
} finally { await sb.close(); }
