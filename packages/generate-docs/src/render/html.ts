/** Escaping and the few HTML pieces every page uses. Every text from the spec goes through `esc`. */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** Inline code spans of the spec's notes (`Name`) as <code>, everything else escaped. */
export function prose(text: string): string {
  return text
    .split(/(`[^`]+`)/)
    .map((part) =>
      part.startsWith('`') && part.endsWith('`') && part.length > 2
        ? `<code>${esc(part.slice(1, -1))}</code>`
        : esc(part),
    )
    .join('');
}

/** An id usable in a URL fragment: `OIDC callback` -> `oidc-callback`. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function table(caption: string, head: string[], rows: string[][], className = ''): string {
  const cls = className ? ` class="${className}"` : '';
  const th = head.map((h) => `<th scope="col">${h}</th>`).join('');
  const body = rows.map((cells) => `<tr>${cells.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('\n');
  return `<div class="scroll" tabindex="0"><table${cls}>\n<caption>${caption}</caption>\n<thead><tr>${th}</tr></thead>\n<tbody>\n${body}\n</tbody>\n</table></div>`;
}
