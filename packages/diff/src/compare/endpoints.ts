/**
 * Sign-in endpoints. Endpoints are matched by id, then by method and path, then by path (a method
 * change), then by method and success response when exactly one candidate is left on each side (a path change).
 */
import type { Endpoint } from '@specgen/ir';
import type { ChangeLog } from '../change.ts';
import { describeVersions, versionMove } from './versions.ts';

type Pair = [Endpoint, Endpoint];

export function pairEndpoints(
  before: Endpoint[],
  after: Endpoint[],
): { pairs: Pair[]; removed: Endpoint[]; added: Endpoint[] } {
  const left = new Set(before);
  const right = new Set(after);
  const pairs: Pair[] = [];
  /** Pairs each left endpoint with a right one that is `same`; `unique` also demands no other candidate on either side. */
  const match = (same: (a: Endpoint, b: Endpoint) => boolean, unique: boolean) => {
    for (const a of [...left]) {
      const candidates = [...right].filter((b) => same(a, b));
      const first = candidates[0];
      if (!first) continue;
      if (unique && (candidates.length !== 1 || [...left].filter((x) => same(x, first)).length !== 1)) continue;
      pairs.push([a, first]);
      left.delete(a);
      right.delete(first);
    }
  };
  const response = (e: Endpoint) => `${e.success.status} ${e.success.contentType} ${e.success.body ?? ''}`;
  match((a, b) => a.id === b.id, false);
  match((a, b) => a.method === b.method && a.path === b.path, false);
  match((a, b) => a.path === b.path, true);
  match((a, b) => a.method === b.method && response(a) === response(b), true);
  return { pairs, removed: [...left], added: [...right] };
}

const label = (e: Endpoint) => `${e.method} ${e.path}`;

export function compareEndpoints(log: ChangeLog, before: Endpoint[], after: Endpoint[]): void {
  const { pairs, removed, added } = pairEndpoints(before, after);
  for (const e of removed)
    log.add('endpoint-removed', {
      resource: `endpoint:${e.id}`,
      message: `Endpoint ${label(e)} was removed.`,
      source: e.source,
    });
  for (const e of added)
    log.add('endpoint-added', {
      resource: `endpoint:${e.id}`,
      message: `Endpoint ${label(e)} was added.`,
      source: e.source,
      version: e.since,
    });
  for (const [a, b] of pairs) compareEndpoint(log, a, b);
}

function compareEndpoint(log: ChangeLog, a: Endpoint, b: Endpoint): void {
  const at = { resource: `endpoint:${b.id}`, source: b.source };
  if (a.method !== b.method)
    log.add('endpoint-method-changed', { ...at, message: `Endpoint ${b.path}: method ${a.method} -> ${b.method}.` });
  if (a.path !== b.path)
    log.add('endpoint-path-changed', { ...at, message: `Endpoint ${b.method}: path ${a.path} -> ${b.path}.` });
  const oldParams = new Map(a.query.map((q) => [q.name, q]));
  const newParams = new Map(b.query.map((q) => [q.name, q]));
  for (const q of b.query) {
    const old = oldParams.get(q.name);
    if (old && (old.required || !q.required)) continue;
    const rule = q.required ? 'endpoint-required-param-added' : 'endpoint-optional-param-added';
    const what = old ? 'is now required' : `was added (${q.required ? 'required' : 'optional'})`;
    log.add(rule, { ...at, key: q.name, message: `${label(b)}: query parameter ${q.name} ${what}.` });
  }
  for (const q of a.query) {
    if (!newParams.has(q.name))
      log.add('endpoint-param-removed', {
        ...at,
        key: q.name,
        message: `${label(b)}: query parameter ${q.name} was removed.`,
      });
  }
  if (a.body !== b.body) {
    log.add('endpoint-request-body-changed', {
      ...at,
      message: `${label(b)}: request body ${a.body ?? 'none'} -> ${b.body ?? 'none'}.`,
    });
  }
  const response = (e: Endpoint) =>
    `${e.success.status} ${e.success.contentType}${e.success.body ? ` ${e.success.body}` : ''}`;
  if (response(a) !== response(b)) {
    log.add('endpoint-response-changed', {
      ...at,
      message: `${label(b)}: success response ${response(a)} -> ${response(b)}.`,
    });
  }
  const move = versionMove(a.since, b.since);
  if (move)
    log.add(`endpoint-since-${move}`, {
      ...at,
      message: `${label(b)}: available from version ${describeVersions(a.since, b.since)}.`,
      version: b.since,
    });
}
