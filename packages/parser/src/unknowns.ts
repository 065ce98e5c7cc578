/**
 * Every sentence that says "not shown" becomes an `Unknown` with a stable id. Known statements map
 * to fixed ids (documented in docs/ir.md); any other gets `<section>.<first words of its subject>`.
 */
import type { Unknown } from '@specgen/ir';
import type { Block } from './blocks.ts';
import { NOT_SHOWN, positionIn, sentences, type ParseContext } from './context.ts';

const KNOWN_IDS: ReadonlyArray<[RegExp, string]> = [
  [/^Fields of the referenced/i, 'fields.referencedResources'],
  [/^Allowed values of/i, 'fields.allowedValues'],
  [/^Meaning and unit of/i, 'fields.meaningAndUnit'],
  [/^Transitions between the enumerated statuses/i, 'states.statusTransitions'],
  [/^Method, path and request payload of both commands/i, 'commands.methodPath'],
  [/^Path, request and response of the credential/i, 'endpoints.credentialLogin'],
  [/^Query options/i, 'read.queryOptions'],
  [/^Shape of the GET response/i, 'read.responseShape'],
  [/^Session lifetime/i, 'session.lifetime'],
  [/^Events\b/i, 'events'],
  [/^Body of OIDC error responses/i, 'errors.oidcBody'],
  [/^Thresholds behind 429/i, 'limits.throttling'],
  [/^Page size/i, 'limits.pageSize'],
  [/^Validity period of the OIDC state/i, 'limits.oidcFlowLifetime'],
  [/^Deprecation and removal policy/i, 'versioning.policy'],
];

const camel = (words: string[]) =>
  words.map((w, i) => (i === 0 ? w.toLowerCase() : w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())).join('');

export function unknownId(sentence: string, sectionTitle: string): string {
  const other = /^(?:Other|Further|Remaining)\s+fields\s+of\s+([A-Za-z]\w*)/i.exec(sentence);
  if (other) return `structures.${other[1]}.fields`;
  for (const [re, id] of KNOWN_IDS) if (re.test(sentence)) return id;
  const section =
    camel(
      sectionTitle
        .split(/[^A-Za-z0-9]+/)
        .filter(Boolean)
        .slice(0, 2),
    ) || 'spec';
  const subject = sentence.split(/:|\bnot shown\b/i)[0] ?? '';
  const words = subject
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w && !/^(the|of|and|a|an|to|in|for)$/i.test(w))
    .slice(0, 3);
  return words.length ? `${section}.${camel(words)}` : section;
}

export function readUnknowns(ctx: ParseContext, blocks: readonly Block[], sectionTitle: string): Unknown[] {
  const out: Unknown[] = [];
  const texts = blocks.flatMap((b) => (b.kind === 'list' ? b.items : b.kind === 'paragraph' ? [b] : []));
  for (const block of texts) {
    for (const s of sentences(block.text)) {
      if (!NOT_SHOWN.test(s.text)) continue;
      out.push({
        kind: 'unknown',
        id: unknownId(s.text, sectionTitle),
        section: sectionTitle,
        text: s.text,
        source: ctx.source(positionIn(block, block.text, s.index)),
      });
    }
  }
  return out;
}
