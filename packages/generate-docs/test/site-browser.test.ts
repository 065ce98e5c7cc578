/**
 * The reference site in headless chromium, served from a folder by a plain static server: every
 * link of the whole site resolves (pages, assets and #fragments), the version picker keeps the
 * page, since-badges lead to their version's changes, search works offline (also from file://),
 * the Atom feed parses with a feed parser, no page logs an error, and axe-core finds nothing
 * serious or critical. SCREENSHOTS=1 refreshes docs/images/reference-*.png.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseFeed } from '@rowanmanning/feed-parser';
import axe from 'axe-core';
import { browserAvailable, launchBrowser } from '@specgen/test-support';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, serveRealSite, type ServedSite } from './site-fixture.ts';

/** axe-core's own source, injected into each page it checks. */
const AXE_SOURCE = axe.source;
const RESOURCE = '26.8/Inventory/ProductRecords.html';

let site: ServedSite;
let browser: Browser;

/** A page that records script and console errors (and failed requests) while it is used. */
async function openPage(path: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
  page.on('requestfailed', (r) => errors.push(`request failed: ${r.url()}`));
  await page.goto(path.startsWith('file:') ? path : `${site.url}${path}`);
  return { page, errors };
}

describe.skipIf(!browserAvailable())('the reference site in chromium', () => {
  beforeAll(async () => {
    site = await serveRealSite();
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it('has no broken link anywhere: every page, asset and #fragment a page links exists', async () => {
    const seen = new Map<string, string>(); // page path -> its HTML
    const queue = ['index.html'];
    const broken: string[] = [];
    const fragments: Array<{ from: string; page: string; id: string }> = [];
    while (queue.length > 0) {
      const path = queue.shift() as string;
      if (seen.has(path)) continue;
      const answer = await fetch(`${site.url}${path}`);
      if (!answer.ok) {
        broken.push(path);
        seen.set(path, '');
        continue;
      }
      const text = await answer.text();
      seen.set(path, text);
      if (!path.endsWith('.html')) continue;
      for (const [, href] of text.matchAll(/(?:href|src)="([^"]+)"/g)) {
        if (href === 'data:,') continue; // the empty icon: no request for /favicon.ico
        const target = new URL(href ?? '', `${site.url}${path}`);
        expect(target.origin, `${path} links outside the site: ${href}`).toBe(new URL(site.url).origin);
        const page = target.pathname.slice(1);
        if (target.hash) fragments.push({ from: path, page, id: decodeURIComponent(target.hash.slice(1)) });
        if (!seen.has(page)) queue.push(page);
      }
    }
    expect(broken).toEqual([]);
    const missing = fragments
      .filter((f) => !seen.get(f.page)?.includes(`id="${f.id}"`))
      .map((f) => `${f.from} -> ${f.page}#${f.id}`);
    expect(missing).toEqual([]);
    // every version's resource pages were reached from the home page
    expect([...seen.keys()].filter((p) => p.endsWith('/Inventory/ProductRecords.html'))).toHaveLength(30);
  }, 120_000);

  it('the version picker keeps the page, and leads to the version index where the resource did not exist', async () => {
    const { page, errors } = await openPage(RESOURCE);
    await page.click('details.picker summary');
    await page.getByRole('navigation', { name: 'Versions' }).getByRole('link', { name: '22.6', exact: true }).click();
    await page.waitForURL(/22\.6\/Inventory\/ProductRecords\.html$/);
    await expect(page.locator('h1').textContent()).resolves.toContain('at 22.6');
    expect(await page.locator('#PartRevisionId').count()).toBe(0);
    expect(await page.locator('#CustomerOrderPartRevisionId .badge.obsolete').count()).toBe(0);
    await page.click('details.picker summary');
    await page.getByRole('navigation', { name: 'Versions' }).getByRole('link', { name: '24.1', exact: true }).click();
    await page.waitForURL(/24\.1\/Inventory\/ProductRecords\.html$/);
    await expect(page.locator('#CustomerOrderPartRevisionId .badge.obsolete').textContent()).resolves.toBe(
      'obsolete since 24.1',
    );
    await page.goto(`${site.url}26.8/Sales/CustomerOrderRowInflows.html`);
    await page.click('details.picker summary');
    await page.getByRole('navigation', { name: 'Versions' }).getByRole('link', { name: '22.6', exact: true }).click();
    await page.waitForURL(/22\.6\/index\.html$/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a since-badge leads to the changes of its version, which list the field', async () => {
    const { page, errors } = await openPage(RESOURCE);
    await page.locator('#PartRevisionId a.badge.since').click();
    await page.waitForURL(/changes\.html#v-24\.1$/);
    const section = page.locator('section:has(> h2#v-24\\.1)');
    await expect(
      section.getByRole('link', { name: 'ProductRecords.PartRevisionId' }).getAttribute('href'),
    ).resolves.toBe('24.1/Inventory/ProductRecords.html#PartRevisionId');
    await expect(section.textContent()).resolves.toContain('replaced by PartRevisionId');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('search finds fields and errors offline; arrow down and Enter open the field', async () => {
    const { page, errors } = await openPage('index.html');
    await page.fill('#site-search', 'partrevisionid');
    await expect(page.locator('#site-search-status').textContent()).resolves.toMatch(/\d+ match/);
    const first = page.locator('#site-search-results a').first();
    await expect(first.textContent()).resolves.toBe('ProductRecords.PartRevisionId');
    await page.press('#site-search', 'ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(/26\.8\/Inventory\/ProductRecords\.html#PartRevisionId$/);
    await page.fill('#site-search', 'login failed');
    await expect(page.locator('#site-search-results a').allTextContents()).resolves.toEqual(
      expect.arrayContaining(['401 Login failed', '410 Login failed']),
    );
    await page.fill('#site-search', 'zzzz-nothing');
    await expect(page.locator('#site-search-status').textContent()).resolves.toBe('No match');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('works from file:// too: search and links without a server', async () => {
    const { page, errors } = await openPage(pathToFileURL(join(site.dir, '22.6/index.html')).href);
    await page.fill('#site-search', 'ProductRecords');
    await page.locator('#site-search-results a').first().click();
    await page.waitForURL(/22\.6\/Inventory\/ProductRecords\.html$/);
    expect(await page.locator('link[rel=stylesheet]').evaluate((l) => (l as HTMLLinkElement).sheet !== null)).toBe(
      true,
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the changes page lists every version newest first; the Atom feed says the same', async () => {
    const { page, errors } = await openPage('changes.html');
    const versions = await page.locator('main h2[id^="v-"]').allTextContents();
    const spec = readFileSync(join(ROOT, 'spec/service-api.md'), 'utf8');
    expect(versions[0]).toBe('Version 26.8');
    expect(versions).toHaveLength(30);
    expect(spec).toContain('25.8');
    await expect(page.locator('section:has(> h2#v-25\\.8)').textContent()).resolves.toContain('/login/oidc/callback');
    const feed = parseFeed(await (await fetch(`${site.url}changes.xml`)).text());
    expect(feed.meta.type).toBe('atom');
    expect(feed.items.map((i) => i.title)).toEqual(versions);
    expect(new Set(feed.items.map((i) => i.id)).size).toBe(30);
    expect(feed.items[0]?.url).toBe('changes.html#v-26.8');
    expect(feed.items.find((i) => i.title === 'Version 24.1')?.content).toContain('CustomerOrderPartRevisionId');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('axe-core finds no serious or critical issue on the home, a resource and the changes page', async () => {
    for (const path of ['index.html', RESOURCE, 'changes.html']) {
      const { page, errors } = await openPage(path);
      await page.addScriptTag({ content: AXE_SOURCE });
      await page.click('details.picker summary'); // the open picker too
      await page.fill('#site-search', 'serial'); // and the search results
      const violations = await page.evaluate(async () => {
        const axe = (
          window as unknown as {
            axe: { run(): Promise<{ violations: Array<{ id: string; impact: string; nodes: unknown[] }> }> };
          }
        ).axe;
        return (await axe.run()).violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length }));
      });
      expect(
        violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
        path,
      ).toEqual([]);
      expect(errors, path).toEqual([]);
      await page.close();
    }
  }, 120_000);

  it('headings go in order and the landmarks are there', async () => {
    const { page } = await openPage(RESOURCE);
    const levels = await page.locator('main :is(h1,h2,h3,h4)').evaluateAll((hs) => hs.map((h) => Number(h.tagName[1])));
    expect(levels[0]).toBe(1);
    for (const [i, level] of levels.entries()) if (i > 0) expect(level - (levels[i - 1] ?? 1)).toBeLessThanOrEqual(1);
    for (const role of ['banner', 'main', 'contentinfo', 'search'] as const)
      expect(await page.getByRole(role).count(), role).toBe(1);
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Skip to content');
    await page.close();
  });

  it.runIf(process.env['SCREENSHOTS'] === '1')('writes the screenshots of docs/images', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${site.url}24.1/Inventory/ProductRecords.html`);
    await page.fill('#site-search', 'revision');
    await page.screenshot({ path: join(ROOT, 'docs/images/reference-resource.png') });
    await page.goto(`${site.url}changes.html`);
    await page.click('details.picker summary');
    await page.screenshot({ path: join(ROOT, 'docs/images/reference-changes.png') });
    await page.close();
  });
});
