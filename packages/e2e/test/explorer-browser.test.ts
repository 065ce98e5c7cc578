/**
 * The page's data explorer in headless Chromium against the real server (SQLite, seeded records,
 * the `demo` user with every permission): at least 10 rows per readable resource, columns = scalar
 * fields in spec order, Int64 ids exact, a filter (and a bad filter's 400 inline with a caret at its
 * position), sorting by a header click, next/previous pages, links to /docs and /openapi.json.
 * `SCREENSHOTS=1` also writes docs/images/explorer.png and docs/images/api-docs.png.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser } from '@specgen/test-support';
import { isScalarField, type Spec } from '@specgen/ir';
import { parseSpecFile } from '@specgen/parser';
import { resourceModels, seedResources } from '@specgen/runtime-resources';
import { createServer, ensurePasswordDemoUsers, loadConfig, permissionNames } from '@specgen/runtime-server';
import { openStore, type Store } from '@specgen/runtime-store';
import { collectPageErrors, submitSignIn } from './browser-helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'specgen-explorer-'));
const IMAGES = join(import.meta.dirname, '../../../docs/images');
let browser: Browser;
let store: Store;
let spec: Spec;
let app: Awaited<ReturnType<typeof createServer>>;
let origin: string;

/** Texts of one column of a resource's table. */
async function column(page: Page, resource: string, field: string): Promise<string[]> {
  return page.$$eval(
    `#resource-${resource} tbody tr`,
    (rows, index) => rows.map((r) => r.children[index]!.textContent ?? ''),
    await page.$$eval(
      `#resource-${resource} thead th`,
      (ths, f) => ths.findIndex((th) => th.getAttribute('data-field') === f),
      field,
    ),
  );
}

/** The seed's ids: record i is BIG + i when i is a multiple of 3, else 100000 + i. */
const BIG = 9_007_199_254_740_993n;
const isSorted = (ids: bigint[], desc: boolean) =>
  ids.every((id, i) => i === 0 || (desc ? ids[i - 1]! >= id : ids[i - 1]! <= id));

describe.skipIf(!browserAvailable())('data explorer in headless Chromium', () => {
  beforeAll(async () => {
    spec = parseSpecFile(join(import.meta.dirname, '../../../spec/service-api.md')).spec;
    // PUBLIC_URL as `pnpm start` has it, for the servers list the /docs screenshot shows (the port is picked at listen).
    const config = loadConfig({ SECRETS_KEY: '33'.repeat(32), PORT: '0', PUBLIC_URL: 'http://127.0.0.1:8001' }, spec, {
      dataDir: dir,
    });
    store = await openStore(`sqlite:${join(dir, 'service.db')}`);
    await ensurePasswordDemoUsers(store, config.secretsKey, permissionNames(spec));
    app = await createServer({ spec, config, store, log: false });
    await seedResources(store, resourceModels({ spec }), { count: 45 });
    origin = await app.listen({ port: 0, host: '127.0.0.1' });
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('signs in as demo, shows the records, filters, sorts and pages', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    // The bad filter's 400 shows as a failed resource load; script errors and CSP violations must not occur.
    const errors = collectPageErrors(page);
    await page.goto(`${origin}/`);
    await submitSignIn(page, 'demo', 'demo');
    await page.waitForSelector('#explorer:not([hidden])');
    expect(await page.getAttribute('#docs-link', 'href')).toBe('/docs');
    expect(await page.getAttribute('#openapi-link', 'href')).toBe('/openapi.json');

    // One table per resource (demo may read all six), each with a first page of at least 10 rows.
    const shown = await page.$$eval('#explorer-resources section', (s) =>
      s.map((x) => x.getAttribute('data-resource')),
    );
    expect(shown).toEqual(spec.resources.map((r) => r.name));
    for (const r of spec.resources) {
      await page.waitForSelector(`#resource-${r.name} tbody tr:nth-child(10)`);
      const headers = await page.$$eval(`#resource-${r.name} thead th`, (ths) =>
        ths.map((th) => th.getAttribute('data-field')),
      );
      expect(headers, r.name).toEqual(r.fields.filter(isScalarField).map((f) => f.name));
    }

    expect(await page.textContent('#resource-ProductRecords .range')).toBe('rows 1\u201320');

    // Sort: a click sorts ascending, a second click descending.
    const idHeader = '#resource-ProductRecords th[data-field="Id"] button';
    await page.click(idHeader);
    await page.waitForSelector('#resource-ProductRecords th[data-field="Id"][aria-sort="ascending"]');
    await page.click(idHeader);
    await page.waitForSelector('#resource-ProductRecords th[data-field="Id"][aria-sort="descending"]');
    const desc = (await column(page, 'ProductRecords', 'Id')).map(BigInt);
    expect(isSorted(desc, true)).toBe(true);
    expect(desc[0]).toBe(BIG + 42n); // the seed's largest id: every third record lies above 2^53

    // Int64 exact: the ids the page shows are the digits the API sends (the largest lie above 2^53).
    const api = await page.request.get(
      `${origin}/en/001.1/api/v1/Inventory/ProductRecords?$select=Id&$top=20&$orderby=Id desc`,
    );
    const sent = [...(await api.text()).matchAll(/"Id":"(\d+)"/g)].map((m) => m[1]!);
    expect(sent).toHaveLength(20);
    expect(BigInt(sent[0]!)).toBeGreaterThan(BigInt(Number.MAX_SAFE_INTEGER));
    expect(await column(page, 'ProductRecords', 'Id')).toEqual(sent);

    // Pages: next shows rows 21-40 (continuing the order), then 41-45 with Next disabled; previous goes back.
    await page.click('#resource-ProductRecords .next');
    await page.waitForFunction(
      () => document.querySelector('#resource-ProductRecords .range')?.textContent === 'rows 21\u201340',
    );
    const second = (await column(page, 'ProductRecords', 'Id')).map(BigInt);
    expect(isSorted([...desc, ...second], true)).toBe(true);
    expect(second[0]).toBeLessThan(desc.at(-1)!);
    await page.click('#resource-ProductRecords .next');
    await page.waitForFunction(
      () => document.querySelector('#resource-ProductRecords .range')?.textContent === 'rows 41\u201345',
    );
    expect(await page.isDisabled('#resource-ProductRecords .next')).toBe(true);
    await page.click('#resource-ProductRecords .prev');
    await page.waitForFunction(
      () => document.querySelector('#resource-ProductRecords .range')?.textContent === 'rows 21\u201340',
    );

    // Filter on exact 64-bit ids (2^53 and 2^53 + 10 are not doubles apart): back on the first page, still sorted.
    await page.fill('#resource-ProductRecords .filter-input', `Id gt 9007199254740992 and Id le ${BIG + 9n}`);
    await page.click('#resource-ProductRecords .filter button');
    await page.waitForFunction(
      () => document.querySelector('#resource-ProductRecords .range')?.textContent === 'rows 1\u20134',
    );
    expect((await column(page, 'ProductRecords', 'Id')).map(BigInt)).toEqual([9n, 6n, 3n, 0n].map((i) => BIG + i));

    // A bad filter: the server's 400 message inline, with a caret under its position; the rows stay.
    await page.fill('#resource-ProductRecords .filter-input', 'Id le 5 and Nope eq 1');
    await page.click('#resource-ProductRecords .filter button');
    await page.waitForSelector('#resource-ProductRecords .filter-error:not([hidden])');
    expect(await page.textContent('#resource-ProductRecords .filter-error .message')).toMatch(
      /^\$filter: unknown field "Nope".* at position 13$/,
    );
    expect(await page.textContent('#resource-ProductRecords .filter-error pre')).toBe(
      'Id le 5 and Nope eq 1\n            ^',
    );
    expect(await page.$$eval('#resource-ProductRecords tbody tr', (rows) => rows.length)).toBe(4);

    if (process.env.SCREENSHOTS === '1') {
      mkdirSync(IMAGES, { recursive: true });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: join(IMAGES, 'explorer.png') });
      await page.goto(`${origin}/docs`);
      await page.waitForSelector('.swagger-ui .info');
      await page.screenshot({ path: join(IMAGES, 'api-docs.png') });
    }
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('shows only the resources the session may read', async () => {
    const page = await browser.newPage();
    await page.goto(`${origin}/`);
    // `mfa` has every permission too; a user with one permission sees one table.
    const { createUser } = await import('@specgen/runtime-store');
    const { hashPassword } = await import('@specgen/runtime-auth');
    await createUser(store, {
      username: 'caseonly',
      passwordHash: await hashPassword('pw', { N: 1024, r: 8, p: 1 }),
      permissions: ['Show case'],
    });
    await submitSignIn(page, 'caseonly', 'pw');
    await page.waitForSelector('#resource-CaseEntryActivities tbody tr');
    expect(
      await page.$$eval('#explorer-resources section', (s) => s.map((x) => x.getAttribute('data-resource'))),
    ).toEqual(['CaseEntryActivities']);
    await page.click('#logout');
    await page.waitForSelector('#explorer', { state: 'hidden' });
    await page.close();
  }, 60_000);
});
