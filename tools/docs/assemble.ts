/**
 * docs/decisions.md and docs/benchmarks.md are assembled from one file per area
 * (docs/decisions/<area>.md, docs/benchmarks/<area>.md), so each stage keeps its own
 * decisions and figures next to each other and the index is never edited by hand.
 * `pnpm docs:assemble` rewrites both; tools/test/docs.test.ts fails when they are stale.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../../..');

const ORDER = ['aims', 'parser', 'generate', 'validators', 'openapi', 'server', 'oidc', 'resources', 'diff'];

interface Book {
  folder: string;
  title: string;
  intro: string;
}

export const BOOKS: Record<'decisions' | 'benchmarks', Book> = {
  decisions: {
    folder: 'docs/decisions',
    title: 'Decisions',
    intro:
      'Where `spec/service-api.md` says "not shown" or is loose, each section names the gap, what the production ' +
      'service does (per `../shared/REFERENCE.md`), and the decision taken. One part per pipeline stage, ' +
      'assembled from `docs/decisions/<area>.md` by `pnpm docs:assemble`.',
  },
  benchmarks: {
    folder: 'docs/benchmarks',
    title: 'Benchmarks',
    intro:
      'Every figure comes from a script in `tools/bench/` that measures the project side by side with a baseline ' +
      'in the same run (never a timed test). The command is given with each table. Figures were taken on the ' +
      '2-core development machine while other suites ran, so compare ratios, not absolute numbers. Assembled from ' +
      '`docs/benchmarks/<area>.md` by `pnpm docs:assemble`.',
  },
};

function areas(folder: string): string[] {
  const names = readdirSync(join(root, folder))
    .filter((f) => f.endsWith('.md'))
    .map((f) => f.slice(0, -3));
  const rank = (n: string) => (ORDER.includes(n) ? ORDER.indexOf(n) : ORDER.length);
  return names.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** Demotes every heading one level (outside code fences); links stay valid from docs/. */
function demote(markdown: string, sub: string): string {
  let fenced = false;
  return markdown
    .split('\n')
    .map((line) => {
      if (/^(```|~~~)/.test(line)) fenced = !fenced;
      if (fenced) return line;
      const heading = /^#{1,5} /.test(line) ? `#${line}` : line;
      return heading.replace(/\]\((?!https?:|#|\/|mailto:)([^)]+)\)/g, (_m, target: string) =>
        target.startsWith('../') ? `](${target.slice(3)})` : `](${sub}/${target})`,
      );
    })
    .join('\n');
}

export function assemble(kind: keyof typeof BOOKS): string {
  const book = BOOKS[kind];
  const parts = areas(book.folder).map((area) => {
    const text = readFileSync(join(root, book.folder, `${area}.md`), 'utf8')
      .replace(/\r\n?/g, '\n')
      .trimEnd();
    return `<!-- from ${book.folder}/${area}.md -->\n${demote(text, book.folder.replace('docs/', ''))}`;
  });
  const toc = areas(book.folder).map((a) => `- [${a}](${book.folder.replace('docs/', '')}/${a}.md)`);
  return `${[`# ${book.title}`, '', book.intro, '', ...toc, '', ...parts.map((p) => `${p}\n`)].join('\n').trimEnd()}\n`;
}

export function outputPath(kind: keyof typeof BOOKS): string {
  return join(root, 'docs', `${kind}.md`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const kind of Object.keys(BOOKS) as (keyof typeof BOOKS)[]) {
    writeFileSync(outputPath(kind), assemble(kind));
    process.stdout.write(`wrote docs/${kind}.md\n`);
  }
}
