/**
 * Go to definition, find references and rename, all from the name index. Rename covers structures
 * and fields (resources, endpoints and commands have names the service owns): every occurrence,
 * a structure's bold label and its mentions by label included, gets the new name.
 */
import {
  ErrorCodes,
  ResponseError,
  type Location,
  type Position,
  type Range,
  type WorkspaceEdit,
} from 'vscode-languageserver';
import type { Occurrence } from './name-index.ts';
import type { SpecDocument } from './spec-document.ts';

/** The occurrences under the cursor: the narrowest, and any other at its range (an error heading names several). */
function under(doc: SpecDocument, position: Position): Occurrence[] {
  const found = doc.index.at(position);
  const first = found[0];
  if (!first) return [];
  const same = (a: Range, b: Range) =>
    a.start.line === b.start.line && a.start.character === b.start.character && a.end.character === b.end.character;
  return found.filter((o) => same(o.range, first.range));
}

export function definition(doc: SpecDocument, position: Position): Location[] {
  const keys = new Set(under(doc, position).map((o) => o.key));
  return [...keys].flatMap((key) =>
    doc.index
      .of(key)
      .filter((o) => o.definition)
      .map((o) => ({ uri: doc.uri, range: o.range })),
  );
}

export function references(doc: SpecDocument, position: Position, includeDeclaration: boolean): Location[] {
  const keys = new Set(under(doc, position).map((o) => o.key));
  return [...keys].flatMap((key) =>
    doc.index
      .of(key)
      .filter((o) => includeDeclaration || !o.definition)
      .map((o) => ({ uri: doc.uri, range: o.range })),
  );
}

function renamable(doc: SpecDocument, position: Position): Occurrence | null {
  const o = under(doc, position)[0];
  if (!o || (o.target.kind !== 'field' && o.target.kind !== 'structure')) return null;
  return doc.index.of(o.key).some((d) => d.definition) ? o : null;
}

export function prepareRename(doc: SpecDocument, position: Position): { range: Range; placeholder: string } | null {
  const o = renamable(doc, position);
  return o
    ? { range: o.range, placeholder: o.target.kind === 'field' || o.target.kind === 'structure' ? o.target.name : '' }
    : null;
}

export function rename(
  doc: SpecDocument,
  position: Position,
  newName: string,
): WorkspaceEdit | ResponseError<void> | null {
  const o = renamable(doc, position);
  if (!o) return new ResponseError(ErrorCodes.InvalidRequest, 'only a structure or a field of the spec can be renamed');
  const { spec } = doc.parsed;
  if (o.target.kind === 'structure') {
    if (!/^[A-Z][A-Za-z0-9]*$/.test(newName))
      return new ResponseError(ErrorCodes.InvalidParams, `"${newName}" is not a PascalCase structure name`);
    if (spec.structures.some((s) => s.name === newName) || spec.resources.some((r) => r.name === newName)) {
      return new ResponseError(
        ErrorCodes.InvalidParams,
        `the spec already has a structure or resource named ${newName}`,
      );
    }
  } else if (o.target.kind === 'field') {
    if (!/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(newName))
      return new ResponseError(ErrorCodes.InvalidParams, `"${newName}" is not a field name`);
    const owner = o.target.owner;
    const fields = [...spec.resources, ...spec.structures].find((x) => x.name === owner)?.fields ?? [];
    if (fields.some((f) => f.name === newName))
      return new ResponseError(ErrorCodes.InvalidParams, `${owner} already has a field ${newName}`);
  }
  const edits = doc.index.of(o.key).map((x) => ({ range: x.range, newText: newName }));
  return { changes: { [doc.uri]: edits } };
}
