/**
 * One open spec: its text, the IR and diagnostics of the incremental parser (one parser per document,
 * so an edit re-parses only the changed sections: docs/ir.md "Identity between parses"), and the
 * name index that hover, navigation and rename read, built on first use.
 */
import { createIncrementalParser, type IncrementalParser, type ParseResult } from '@specgen/parser';
import { buildNameIndex, type NameIndex } from './name-index.ts';
import { splitLines } from './text.ts';

export class SpecDocument {
  readonly #parser: IncrementalParser = createIncrementalParser();
  #text = '';
  #lines: string[] = [];
  #result: ParseResult | null = null;
  #index: NameIndex | null = null;
  version = 0;

  /** `file` is the name the IR and diagnostics carry (the path relative to the workspace folder). */
  constructor(
    readonly uri: string,
    readonly file: string,
    readonly path: string,
    /** The workspace folder holding it (git runs there for the code lenses). */
    readonly root: string,
  ) {}

  /** Re-parses when the text changed; returns the parse. */
  update(text: string, version: number): ParseResult {
    if (this.#result && text === this.#text) {
      this.version = version;
      return this.#result;
    }
    this.#text = text;
    this.version = version;
    this.#lines = splitLines(text);
    this.#index = null;
    this.#result = this.#parser.parse(text, this.file);
    return this.#result;
  }

  get text(): string {
    return this.#text;
  }

  get lines(): string[] {
    return this.#lines;
  }

  get parsed(): ParseResult {
    if (!this.#result) throw new Error(`${this.uri} was not parsed`);
    return this.#result;
  }

  get index(): NameIndex {
    this.#index ??= buildNameIndex(this.parsed.spec, this.#lines);
    return this.#index;
  }
}
