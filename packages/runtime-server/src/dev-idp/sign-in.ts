/**
 * A scripted user agent for the development provider's login: follows the authorization
 * URL, posts the login form (and the consent form, should one appear) with plain form posts,
 * and stops at the redirect back to the application. For tests and for trying the flow from
 * a terminal; a browser does the same by hand.
 */
interface StoredCookie {
  name: string;
  value: string;
  path: string;
}

class CookieJar {
  private cookies: StoredCookie[] = [];

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const pathAttr = attrs.map((a) => a.trim()).find((a) => a.toLowerCase().startsWith('path='));
      const path = pathAttr ? pathAttr.slice(5) : '/';
      const expired = attrs.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a)) || value === '';
      this.cookies = this.cookies.filter((c) => !(c.name === name && c.path === path));
      if (!expired) this.cookies.push({ name, value, path });
    }
  }

  header(url: URL): string {
    return this.cookies
      .filter((c) => url.pathname === c.path || url.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }
}

const MAX_STEPS = 12;

/** Returns the URL the provider redirected to outside itself (the redirect address with code and state). */
export async function signInAtDevIdp(authorizationUrl: string, login: string, password = 'demo'): Promise<URL> {
  const jar = new CookieJar();
  const origin = new URL(authorizationUrl).origin;
  let url = new URL(authorizationUrl);
  let init: RequestInit = { method: 'GET' };
  for (let step = 0; step < MAX_STEPS; step++) {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as object), cookie: jar.header(url) },
    });
    jar.store(response);
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.origin !== origin) return next;
      url = next;
      init = { method: 'GET' };
      continue;
    }
    const html = await response.text();
    if (response.status !== 200)
      throw new Error(`dev IdP answered ${response.status} at ${url.pathname}: ${html.slice(0, 300)}`);
    const form = parseForm(html);
    const body = new URLSearchParams({ prompt: form.prompt });
    if (form.prompt === 'login') {
      body.set('login', login);
      body.set('password', password);
    }
    url = new URL(form.action, url);
    init = { method: 'POST', body: body.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
  }
  throw new Error(`dev IdP sign-in did not finish within ${MAX_STEPS} steps`);
}

function parseForm(html: string): { action: string; prompt: string } {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  const prompt = /name="prompt" value="([a-z]+)"/.exec(html)?.[1];
  if (!action || !prompt) throw new Error(`no interaction form on the dev IdP page: ${html.slice(0, 300)}`);
  return { action: action.replace(/&amp;/g, '&'), prompt };
}
