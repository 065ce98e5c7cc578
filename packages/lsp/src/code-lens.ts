/**
 * Code lenses: what changed against a git ref (setting `specgen.baseRef`, default origin/main), from
 * the diff package, on each resource heading, each sign-in structure, the sign-in and command tables,
 * and a summary on the first line: "2 breaking changes, 1 warning vs origin/main". The lens runs
 * `specgen.showChanges` with the list, which the server shows to the user (and returns).
 */
import { execFileSync } from 'node:child_process';
import { dirname } from 'node:path';
import { diffSpecs, readAtRef, type Change } from '@specgen/diff';
import type { Spec } from '@specgen/ir';
import { parseSpec } from '@specgen/parser';
import { MessageType, type CodeLens, type Connection } from 'vscode-languageserver';
import type { Log } from './guard.ts';
import type { SpecDocument } from './spec-document.ts';

export const SHOW_CHANGES_COMMAND = 'specgen.showChanges';

/** What the lens command carries: the subject, the ref, and the changes (severity, rule, message, 1-based line). */
export interface ChangeList {
  uri: string;
  subject: string;
  baseRef: string;
  changes: { severity: Change['severity']; rule: string; message: string; line: number }[];
}

const baseCache = new Map<string, Spec>();

/** The spec at `ref`, parsed once per commit. */
function baseSpec(doc: SpecDocument, ref: string): Spec {
  const cwd = dirname(doc.path);
  const commit = execFileSync('git', ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }).trim();
  const key = `${commit}\u0000${doc.path}`;
  let spec = baseCache.get(key);
  if (!spec) {
    spec = parseSpec(readAtRef(commit, doc.path, cwd), doc.file).spec;
    if (baseCache.size > 16) baseCache.clear();
    baseCache.set(key, spec);
  }
  return spec;
}

export function lensTitle(changes: readonly Change[], ref: string): string {
  if (changes.length === 0) return `no changes vs ${ref}`;
  const count = (severity: Change['severity'], word: string) => {
    const n = changes.filter((c) => c.severity === severity).length;
    return n === 0 ? null : `${n} ${word}${n === 1 ? '' : 's'}`;
  };
  const parts = [
    count('breaking', 'breaking change'),
    count('warning', 'warning'),
    count('info', 'other change'),
  ].filter(Boolean);
  return `${parts.join(', ')} vs ${ref}`;
}

export function codeLenses(doc: SpecDocument, ref: string, log: Log): CodeLens[] {
  let base: Spec;
  try {
    base = baseSpec(doc, ref);
  } catch (error) {
    log(`code lens: no comparison with ${ref}: ${error instanceof Error ? error.message : String(error)}`);
    return [
      { range: lineRange(0), command: { title: `no comparison: ${doc.file} is not readable at ${ref}`, command: '' } },
    ];
  }
  const { spec } = doc.parsed;
  const changes = diffSpecs(base, spec).changes;
  const lens = (line: number, subject: string, list: Change[]): CodeLens => {
    const args: ChangeList = {
      uri: doc.uri,
      subject,
      baseRef: ref,
      changes: list.map((c) => ({ severity: c.severity, rule: c.rule, message: c.message, line: c.location.line })),
    };
    return {
      range: lineRange(line),
      command: { title: lensTitle(list, ref), command: SHOW_CHANGES_COMMAND, arguments: [args] },
    };
  };
  const lenses = [lens(0, 'the spec', changes)];
  for (const r of spec.resources)
    lenses.push(
      lens(
        r.source.line - 1,
        r.name,
        changes.filter((c) => c.resource === r.name),
      ),
    );
  for (const s of spec.structures)
    lenses.push(
      lens(
        s.source.line - 1,
        s.name,
        changes.filter((c) => c.resource === s.name),
      ),
    );
  const first = (lines: number[]) => Math.min(...lines) - 1;
  if (spec.endpoints.length > 0) {
    lenses.push(
      lens(
        first(spec.endpoints.map((e) => e.source.line)) - 2,
        'the sign-in endpoints',
        changes.filter((c) => c.resource?.startsWith('endpoint:')),
      ),
    );
  }
  if (spec.commands.length > 0) {
    lenses.push(
      lens(
        first(spec.commands.map((c) => c.source.line)) - 2,
        'the commands',
        changes.filter((c) => c.resource?.startsWith('command:')),
      ),
    );
  }
  return lenses;
}

function lineRange(line: number) {
  const at = Math.max(0, line);
  return { start: { line: at, character: 0 }, end: { line: at, character: 0 } };
}

/** The lens command: shows the list in the editor and returns it, so a client can present it its own way. */
export function showChanges(connection: Connection, args: unknown[] | undefined): ChangeList | null {
  const list = args?.[0] as ChangeList | undefined;
  if (!list || !Array.isArray(list.changes)) return null;
  const lines = list.changes.map((c) => `${c.severity} ${c.rule} (line ${c.line}): ${c.message}`);
  const body = list.changes.length === 0 ? `no changes vs ${list.baseRef}` : `\n${lines.join('\n')}`;
  const text = `${list.subject}: ${body}`;
  void connection.sendNotification('window/showMessage', { type: MessageType.Info, message: text });
  return list;
}
