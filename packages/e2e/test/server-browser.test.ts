/**
 * The web page at `/` in headless Chromium: password + TOTP sign-in, sign-out, and device
 * registration from the QR code the page shows (the test decodes the PNG with jsqr).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser } from '@specgen/test-support';
import { parseSpecFile } from '@specgen/parser';
import { generateTotp, hashPassword, newTotpDevice, sealDevice } from '@specgen/runtime-auth';
import { createUser, openStore, saveDevice, type Store } from '@specgen/runtime-store';
import { createServer, loadConfig } from '@specgen/runtime-server';
import { collectPageErrors, submitSignIn } from './browser-helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'specgen-browser-'));
let browser: Browser;
let store: Store;
let app: Awaited<ReturnType<typeof createServer>>;
let origin: string;
const device = newTotpDevice();

describe.skipIf(!browserAvailable())('web page in headless Chromium', () => {
  beforeAll(async () => {
    const { spec } = parseSpecFile(join(import.meta.dirname, '../../../spec/service-api.md'));
    const key = randomBytes(32);
    const config = loadConfig({ SECRETS_KEY: key.toString('hex'), PORT: '0' }, spec, { dataDir: dir });
    store = await openStore(`sqlite:${join(dir, 'service.db')}`);
    const passwordHash = await hashPassword('pw', { N: 1024, r: 8, p: 1 });
    const mfa = await createUser(store, {
      username: 'mfa',
      passwordHash,
      mfaRequired: true,
      permissions: ['Show case'],
    });
    await saveDevice(store, mfa.id, sealDevice(key, device, mfa.id), Date.now());
    await createUser(store, { username: 'enrol', passwordHash, mfaRequired: true });
    app = await createServer({ spec, config, store, log: false });
    origin = await app.listen({ port: 0, host: '127.0.0.1' });
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('signs in with password and TOTP, signs out, and registers a device from the QR code', async () => {
    const page = await browser.newPage();
    // 401/400 answers the page expects (no session yet, the enrolment probe) show as resource errors; script errors must not.
    const errors = collectPageErrors(page);
    await page.goto(`${origin}/`);
    await page.waitForSelector('#login-panel:not([hidden])');

    await submitSignIn(page, 'mfa', 'pw');
    await page.waitForSelector('#totp-panel:not([hidden])');
    await page.fill('#totp-code', String(Number(generateTotp(device, Date.now()))));
    await page.click('#totp-submit');
    await page.waitForSelector('#session-panel:not([hidden])');
    expect(await page.textContent('#session')).toBe('Signed in as mfa');
    expect(await page.textContent('#permissions')).toBe('Show case');
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'ServiceSessionId')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

    await page.click('#logout');
    await page.waitForSelector('#login-panel:not([hidden])');

    await submitSignIn(page, 'enrol', 'pw');
    await page.waitForSelector('#device-panel:not([hidden])');
    const src = await page.getAttribute('#qr', 'src');
    expect(src).toMatch(/^data:image\/png;base64,/);
    const png = PNG.sync.read(Buffer.from(src!.split(',')[1]!, 'base64'));
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded).not.toBeNull();
    const uri = new URL(decoded!.data);
    expect(uri.protocol).toBe('otpauth:');
    expect(decodeURIComponent(uri.pathname)).toMatch(/Service API:enrol$/);
    expect(uri.searchParams.get('issuer')).toBe('Service API');
    const secret = uri.searchParams.get('secret')!;
    expect(await page.textContent('#secret')).toBe(secret);

    const scanned = { secret, algorithm: 'SHA1' as const, digits: 6, period: 30 };
    await page.fill('#device-code', generateTotp(scanned, Date.now()));
    await page.click('#device-submit');
    await page.waitForSelector('#session-panel:not([hidden])');
    expect(await page.textContent('#session')).toBe('Signed in as enrol');
    expect(await page.textContent('#status')).toBe('Device registered.');
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});
