/** `## Versioning`: list items -> typed rules (API segment, endpoints from a version, obsolete field) or notes. */
import type { VersioningRule } from '@specgen/ir';
import { isVersion } from '@specgen/ir';
import type { ListBlock } from './blocks.ts';
import { NOT_SHOWN, positionIn, type ParseContext } from './context.ts';

export function readVersioning(ctx: ParseContext, list: ListBlock): VersioningRule[] {
  const out: VersioningRule[] = [];
  for (const item of list.items) {
    const text = item.text.replace(/\s*\n\s*/g, ' ');
    if (NOT_SHOWN.test(text)) continue;
    const source = ctx.source(item);
    const segment = /\bpath segment\s+(\S+?)\.?$/i.exec(text);
    const from = /\bavailable from (?:service )?version\s+(\S+?)[.;,]?\s.*?(\/[A-Za-z0-9/_{}-]+)/i.exec(text);
    const obsolete =
      /^([A-Z]\w*)\.([A-Za-z_$]\w*) is obsolete since\s+(\S+?)[.;,]?(?:\s+and)?(?:\s+replaced by\s+([A-Za-z_]\w*))?\.?$/.exec(
        text,
      );
    if (segment) out.push({ kind: 'versioning', rule: 'apiSegment', segment: segment[1]!, text, source });
    else if (from && version(from[1]!, item, text)) {
      out.push({ kind: 'versioning', rule: 'endpointsFrom', version: from[1]!, pathContains: from[2]!, text, source });
    } else if (obsolete && version(obsolete[3]!, item, text)) {
      out.push({
        kind: 'versioning',
        rule: 'obsolete',
        resource: obsolete[1]!,
        field: obsolete[2]!,
        since: obsolete[3]!,
        replacedBy: obsolete[4] ?? null,
        text,
        source,
      });
    } else out.push({ kind: 'versioning', rule: 'note', text, source });
  }
  return out;

  function version(v: string, at: { line: number; column: number }, text: string): boolean {
    if (isVersion(v)) return true;
    ctx.report(
      'malformed-version',
      `version "${v}" in a versioning rule is not a version such as 25.8`,
      positionIn(at, text, text.indexOf(v)),
    );
    return false;
  }
}
