import type { DiffResult } from '../diff.ts';
import type { Relocate } from './anchor.ts';
import { renderGithub } from './github.ts';
import { renderJson } from './json.ts';
import { renderMarkdown } from './markdown.ts';
import { renderText } from './text.ts';

export const FORMATS = ['text', 'markdown', 'json', 'github'] as const;
export type Format = (typeof FORMATS)[number];

export function render(result: DiffResult, format: Format, relocate?: Relocate): string {
  switch (format) {
    case 'text':
      return renderText(result);
    case 'markdown':
      return renderMarkdown(result);
    case 'json':
      return renderJson(result);
    case 'github':
      return renderGithub(result, relocate);
  }
}

export { renderGithub, renderJson, renderMarkdown, renderText };
export { toJson } from './json.ts';
export { relocateRemovals, type AnchorInput, type Relocate } from './anchor.ts';
