/** Steps the browser tests of the page at `/` share. */
import type { Page } from 'playwright-core';

/**
 * Collects the page's script errors and console errors. Failed resource loads are left out: the
 * 4xx answers the page expects (no session yet, the enrolment probe, a bad filter's 400) show as those.
 */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text());
  });
  return errors;
}

/** Fills the sign-in form and submits it (the caller waits for the panel it expects next). */
export async function submitSignIn(page: Page, username: string, password: string): Promise<void> {
  await page.fill('#username', username);
  await page.fill('#password', password);
  await page.click('#login');
}
