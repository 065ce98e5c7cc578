/**
 * The generated server with one resource backed by our own source: ProductRecords come from an
 * in-memory array (src/product-records.ts); sign-in, sessions, TOTP, OIDC and the other resources
 * keep the default handlers. Reads PORT, DATABASE_URL and SECRETS_KEY like the server; users come
 * from `pnpm service users add` on the same database.
 *
 *   pnpm --dir examples/custom-handler start
 */
import { runServiceServer, stopOnSignals } from '@service-api/server';
import { productRecords } from './product-records.ts';

runServiceServer({ handlers: { ProductRecords: productRecords } }).then(stopOnSignals, (error: unknown) => {
  console.error(`custom-handler: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
