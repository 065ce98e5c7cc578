/** fetch with a cookie jar for one origin (all cookies Path=/), like a browser tab. */
export class CookieClient {
  readonly cookies = new Map<string, string>();

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** POST login/oidc with a JSON LoginRequest. */
  initiate(base: string, redirectUrl: string | null, body: unknown = { ForceRelogin: true }): Promise<Response> {
    const query = redirectUrl === null ? '' : `?redirectUrl=${encodeURIComponent(redirectUrl)}`;
    return this.fetch(`${base}/login/oidc${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
  }

  callback(base: string, params: Record<string, string>): Promise<Response> {
    return this.fetch(`${base}/login/oidc/callback?${new URLSearchParams(params)}`);
  }

  clone(): CookieClient {
    const other = new CookieClient();
    for (const [k, v] of this.cookies) other.cookies.set(k, v);
    return other;
  }
}
