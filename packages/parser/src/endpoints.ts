/** `## Endpoints`: the sign-in table, the commands table and the read-resources table. */
import type { Command, Endpoint } from '@specgen/ir';
import type { TableBlock } from './blocks.ts';
import { escapeRegExp, type ParseContext } from './context.ts';
import { notePayloadType } from './payload-types.ts';
import { cellText, readTable } from './table.ts';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
/** Stable ids of the sign-in endpoints, by path tail after the placeholders. */
const ENDPOINT_IDS: Readonly<Record<string, string>> = {
  'POST login/oidc': 'oidcInitiate',
  'GET login/oidc/callback': 'oidcCallback',
  'POST login/totp': 'totpLogin',
};

export function pathTail(path: string): string {
  return path
    .split('/')
    .filter((s) => s && !/^\{.*\}$/.test(s))
    .join('/');
}

function endpointId(method: string, path: string): string {
  const tail = pathTail(path);
  const known = ENDPOINT_IDS[`${method} ${tail}`];
  if (known) return known;
  const words = [method.toLowerCase(), ...tail.split(/[^A-Za-z0-9]+/).filter(Boolean)];
  return words.map((w, i) => (i === 0 ? w : w.charAt(0).toUpperCase() + w.slice(1))).join('');
}

/** Part of `text` after `label:` up to the next `Label:` statement, e.g. the `Query: ...` part. */
function statement(text: string, label: string): string | null {
  const m = new RegExp(`\\b${label}:\\s*(.*?)(?=(?:\\.\\s+[A-Z][A-Za-z-]*:)|$)`, 's').exec(text);
  return m ? m[1]!.trim() : null;
}

export function readSignInTable(ctx: ParseContext, table: TableBlock): Endpoint[] {
  const rows = readTable(
    ctx,
    table,
    [
      { key: 'method', names: ['method'], required: true },
      { key: 'path', names: ['path'], required: true },
      { key: 'request', names: ['request'], required: false },
      { key: 'success', names: ['success response', 'success', 'response'], required: true },
    ],
    'sign-in endpoint',
  );
  if (!rows) return [];
  const out: Endpoint[] = [];
  for (const row of rows) {
    const methodCell = row.method!;
    const method = methodCell.text.toUpperCase();
    if (!(METHODS as readonly string[]).includes(method)) {
      ctx.report(
        'unknown-http-method',
        `"${methodCell.text}" is not an HTTP method (GET, POST, PUT, PATCH, DELETE)`,
        methodCell,
      );
      continue;
    }
    const successCell = row.success!;
    const status = /^\s*(\d{3})\b/.exec(successCell.text);
    if (!status) {
      ctx.report(
        'malformed-status',
        `success response "${successCell.text}" does not start with an HTTP status`,
        successCell,
      );
      continue;
    }
    const [path = '', queryString = ''] = cellText(row, 'path').split('?');
    const request = cellText(row, 'request');
    const queryText = statement(request, 'Query') ?? '';
    const allRequired = /\b(both|all) required\b/i.test(queryText);
    const query = [...queryString.matchAll(/(?:^|&)([^=&]+)=/g)].map((m) => ({
      name: m[1]!,
      required: allRequired || new RegExp(`\\b${escapeRegExp(m[1]!)}\\s*\\(required`).test(queryText),
    }));
    const headersText = statement(request, 'Headers');
    const headers = headersText
      ? headersText
          .split(/,|\band\b/)
          .map((h) => h.trim().split(/\s+/)[0] ?? '')
          .filter((h) => /^[A-Za-z][A-Za-z-]*$/.test(h))
      : [];
    const bodyText = statement(request, 'Body');
    const body = bodyText ? (/\bJSON\s+([A-Z][A-Za-z0-9]*)/.exec(bodyText)?.[1] ?? null) : null;
    const successText = successCell.text;
    out.push({
      kind: 'endpoint',
      id: endpointId(method, path),
      method: method as Endpoint['method'],
      path,
      pathParams: [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!),
      query,
      body,
      headers,
      request,
      success: {
        status: Number(status[1]),
        contentType: /\bplain text\b/i.test(successText) ? 'text/plain' : 'application/json',
        body: /\bJSON\s+([A-Z][A-Za-z0-9]*)/.exec(successText)?.[1] ?? null,
        text: successText,
      },
      since: null,
      source: ctx.source(methodCell),
    });
  }
  return out;
}

export function readCommandsTable(ctx: ParseContext, table: TableBlock): Command[] {
  const rows = readTable(
    ctx,
    table,
    [
      { key: 'command', names: ['command', 'name'], required: true },
      { key: 'returns', names: ['returns', 'response', 'description'], required: false },
    ],
    'command',
  );
  if (!rows) return [];
  return rows.map((row) => {
    const returns = cellText(row, 'returns');
    notePayloadType(ctx, row.returns, `command ${row.command!.text}`);
    return {
      kind: 'command',
      name: row.command!.text,
      returns,
      response: null,
      responseHeaders: [...returns.matchAll(/\bheaders?\s+([A-Za-z][A-Za-z0-9-]*)/gi)].map((m) => m[1]!),
      source: ctx.source(row.command!),
    };
  });
}

export interface ReadResourceRow {
  area: string;
  name: string;
  path: string;
  permission: string | null;
  at: { line: number; column: number };
}

export function readResourcesTable(ctx: ParseContext, table: TableBlock): ReadResourceRow[] {
  const rows = readTable(
    ctx,
    table,
    [
      { key: 'path', names: ['path tail', 'path', 'resource'], required: true },
      { key: 'permission', names: ['required permission', 'permission'], required: false },
    ],
    'read-resources',
  );
  if (!rows) return [];
  return rows.map((row) => {
    const path = row.path!.text.replace(/^\/+|\/+$/g, '');
    const parts = path.split('/');
    return {
      area: parts.length > 1 ? parts.slice(0, -1).join('/') : '',
      name: parts[parts.length - 1] ?? path,
      path,
      permission: cellText(row, 'permission') || null,
      at: row.path!,
    };
  });
}
