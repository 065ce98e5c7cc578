/**
 * OIDC sign-in in a real headless browser (Debian's chromium through playwright-core): open
 * the page at `/`, click "Sign in with OIDC", log in at the bundled development provider,
 * and land back on the page signed in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { browserAvailable, launchBrowser } from '@specgen/test-support';
import { loadSpec, startServer, type RunningServer } from './oidc-helpers.ts';

let server: RunningServer;
let browser: Browser;

describe.skipIf(!browserAvailable())('OIDC sign-in in the browser', () => {
  beforeAll(async () => {
    server = await startServer(await loadSpec());
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function signInAs(login: string) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    await page.click('#oidc');
    await page.waitForURL((u) => u.href.startsWith(server.config.oidc.issuer!), { timeout: 15_000 });
    await page.fill('input[name="login"]', login);
    await page.fill('input[name="password"]', 'any password');
    await page.click('button[type="submit"]');
    await page.waitForURL((u) => u.href.startsWith(`${server.url}/`), { timeout: 15_000 });
    return { context, page };
  }

  it('signs in alice through the provider and shows the session on the page', async () => {
    const { context, page } = await signInAs('alice');
    await page.waitForFunction(() => document.getElementById('session')?.textContent?.includes('alice'), undefined, {
      timeout: 15_000,
    });
    expect(await page.textContent('#status')).toBe('Signed in with OIDC.');
    expect(await page.textContent('#session')).toBe('Signed in as alice');
    expect(page.url()).toBe(`${server.url}/`);
    const cookies = await context.cookies(server.url);
    const flow = cookies.find((c) => c.name === 'service-oidc-flow');
    expect(flow).toBeUndefined();
    const session = cookies.find((c) => c.name === 'ServiceSessionId');
    expect(session?.httpOnly).toBe(true);
    await context.close();
  }, 60_000);

  it('shows the refusal for a login the service has not linked', async () => {
    const { context, page } = await signInAs('mallory@example.com');
    await page.waitForFunction(
      () => document.getElementById('status')?.textContent?.startsWith('OIDC sign-in failed'),
      undefined,
      { timeout: 15_000 },
    );
    expect(await page.textContent('#status')).toBe('OIDC sign-in failed: No user is linked to this OIDC e-mail');
    await context.close();
  }, 60_000);
});
