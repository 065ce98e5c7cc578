#!/usr/bin/env node
/**
 * `pnpm start` (after `specgen generate`): demo users, seed data, development identity provider
 * when no OIDC issuer is configured, then the server on PORT (8001).
 */
import { dataCommand } from '@specgen/runtime-resources';
import { openStore } from '@specgen/runtime-store';
import { loadConfig, type ServiceConfig } from './config.ts';
import { attachDevIdp } from './dev-idp/index.ts';
import { DEMO_TOTP_SECRET, ensurePasswordDemoUsers } from './demo-users.ts';
import { defaultPlugins } from './plugins.ts';
import { createServer } from './server.ts';
import { loadSpec, permissionNames } from './spec-source.ts';

const flag = (v: string | undefined) => v === undefined || !['0', 'false', 'no', 'off'].includes(v.toLowerCase());

async function main(): Promise<void> {
  const spec = loadSpec();
  let config: ServiceConfig = loadConfig(process.env, spec, { notice: (m) => console.error(m) });
  const store = await openStore(config.databaseUrl);
  const permissions = permissionNames(spec);
  const stops: Array<() => Promise<void>> = [];
  if (flag(process.env.DEMO_USERS)) {
    const created = await ensurePasswordDemoUsers(store, config.secretsKey, permissions);
    if (created.length > 0) console.error(`created demo users: ${created.join(', ')} (password = user name; mfa's TOTP secret: ${DEMO_TOTP_SECRET})`);
  }
  if (flag(process.env.SEED_DATA)) {
    const code = await dataCommand(['seed']);
    if (code !== 0) console.error(`seeding read-resource data failed (exit ${code}); the server starts anyway`);
  }
  if (!config.oidc.issuer && flag(process.env.DEV_IDP)) {
    const attached = await attachDevIdp(config, store, { permissions });
    config = attached.config;
    stops.push(() => attached.idp.close());
    console.error(`development OIDC provider at ${config.oidc.issuer} (demo accounts: alice, bob; any password)`);
  }
  const app = await createServer({ spec, config, store, plugins: defaultPlugins() });
  await app.listen({ port: config.port, host: config.host });
  console.error(`service ${config.serviceVersion} listening on ${config.publicUrl} (web page at ${config.publicUrl}/)`);
  const shutdown = async () => {
    await app.close();
    for (const stop of stops) await stop();
    await store.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}

main().catch((error: unknown) => {
  console.error(`start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
