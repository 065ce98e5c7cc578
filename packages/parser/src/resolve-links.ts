/**
 * The links pass: what sign-in endpoints, commands, error tables and limits name elsewhere in the
 * spec (the version an endpoint exists from, its body structures, a command's response structure,
 * the targets of an error table, the owner of a text limit). Each returns new objects.
 */
import { didYouMean } from '@specgen/diagnostics';
import type { Command, Endpoint, ErrorTable, Limit, Structure, VersioningRule } from '@specgen/ir';
import { escapeRegExp, type ParseContext } from './context.ts';
import { pathTail } from './endpoints.ts';
import { errorTableTargets } from './errors.ts';
import { inTargetOrder } from './order.ts';

/** Endpoints with `since` from the versioning rules (the last matching rule wins) and their body structures. */
export function resolveEndpoints(
  ctx: ParseContext,
  endpoints: readonly Endpoint[],
  versioning: readonly VersioningRule[],
  structures: readonly Structure[],
): Endpoint[] {
  const resolved = endpoints.map((e) => {
    let since = e.since;
    for (const rule of versioning)
      if (rule.rule === 'endpointsFrom' && e.path.includes(rule.pathContains)) since = rule.version;
    const body = e.body ?? structures.find((s) => describesBodyOf(s, e.method, pathTail(e.path)))?.name ?? null;
    const sameAsLogin = e.success.body === null && /same as a normal authentication success/i.test(e.success.text);
    const successBody = sameAsLogin
      ? (structures.find((s) => s.name === 'LoginResponse')?.name ?? null)
      : e.success.body;
    return { ...e, body, success: { ...e.success, body: successBody }, since };
  });
  const structureNames = new Set(structures.map((s) => s.name));
  for (const e of resolved) {
    for (const name of [e.body, e.success.body]) {
      if (name !== null && !structureNames.has(name)) {
        const message = `endpoint ${e.id} names "${name}", which is not a sign-in structure${didYouMean(name, structureNames)}`;
        ctx.report('unknown-structure', message, e.source);
      }
    }
  }
  return resolved;
}

/** Commands with the structure their Returns cell names (by label or name). */
export function resolveCommands(commands: readonly Command[], structures: readonly Structure[]): Command[] {
  return commands.map((cmd) => {
    const text = cmd.returns.toLowerCase();
    const names = (s: Structure) =>
      text.includes(s.label.toLowerCase()) ||
      (cmd.returns.includes(s.name) && new RegExp(`\\b${escapeRegExp(s.name)}\\b`).test(cmd.returns));
    return { ...cmd, response: structures.find(names)?.name ?? null };
  });
}

/** Error tables with the endpoints and commands they apply to, in the order of those targets. */
export function resolveErrorTables(
  tables: readonly ErrorTable[],
  endpoints: readonly Endpoint[],
  commands: readonly Command[],
): ErrorTable[] {
  const endpointIds = endpoints.map((e) => e.id);
  const commandNames = commands.map((x) => x.name);
  const withTargets = tables.map((t) => ({ ...t, appliesTo: errorTableTargets(t, endpointIds, commandNames) }));
  return inTargetOrder(withTargets, [...endpointIds, ...commandNames]);
}

/** A text limit without "applies to" finds the structure one of whose fields it names. */
export function resolveLimits(limits: readonly Limit[], structures: readonly Structure[]): Limit[] {
  return limits.map((limit) => {
    if (limit.appliesTo !== '') return limit;
    const names = (s: Structure) =>
      s.fields.some(
        (f) => limit.valueText.includes(f.name) && new RegExp(`\\b${escapeRegExp(f.name)}\\b`).test(limit.valueText),
      );
    const owner = structures.find(names);
    return owner ? { ...limit, appliesTo: owner.name } : limit;
  });
}

function describesBodyOf(s: Structure, method: string, tail: string): boolean {
  const m = /\bbody of (GET|POST|PUT|PATCH|DELETE)\s+\/?(\S+)/i.exec(s.description);
  return !!m && m[1]?.toUpperCase() === method && m[2]?.replace(/[).,;]+$/, '') === tail;
}
