/** A one-shot run into a new folder writes ir.json as it makes it (GenerateContext.stageFile): the same bytes. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type StagedFileWriter, createTemplateEngine } from '@specgen/generate-core';
import { parseSpecFile } from '@specgen/parser';
import { generateServer } from '../src/index.ts';

const { spec } = parseSpecFile(join(import.meta.dirname, '../../../spec/service-api.md'));
const options = { serviceVersion: null, specFile: 'spec/service-api.md', packageVersion: '1.2.3' };

describe('ir.json written as it is made', () => {
  it('writes the bytes the server target otherwise returns as text, and returns the staged file', () => {
    const written = new Map<string, Buffer[]>();
    const stageFile = (path: string): StagedFileWriter => {
      const parts: Buffer[] = [];
      written.set(path, parts);
      return {
        write: (bytes) => void parts.push(Buffer.from(bytes)),
        close: () => ({ path, staged: true, contents: Buffer.concat(parts).toString('utf8') }),
        discard: () => written.delete(path),
      };
    };
    const templates = createTemplateEngine();
    const plain = generateServer({ spec, templates, options, oneShot: true });
    const staged = generateServer({ spec, templates, options, oneShot: true, stageFile });
    expect([...written.keys()]).toEqual(['server/ir.json']);
    const bytes = Buffer.concat(written.get('server/ir.json')!);
    expect(bytes.toString('utf8')).toBe(plain.find((f) => f.path === 'server/ir.json')!.contents);
    expect(staged.find((f) => f.path === 'server/ir.json')).toMatchObject({ staged: true });
    // every other file is the same text
    const texts = (files: typeof plain) =>
      files.filter((f) => f.path !== 'server/ir.json').map((f) => [f.path, f.contents]);
    expect(texts(staged)).toEqual(texts(plain));
  });

  it('watch mode (not one-shot) keeps returning fragments, even when a stageFile is given', () => {
    let opened = 0;
    const stageFile = (): StagedFileWriter => {
      opened++;
      throw new Error('not expected');
    };
    const files = generateServer({ spec, templates: createTemplateEngine(), options, stageFile });
    expect(opened).toBe(0);
    expect(files.find((f) => f.path === 'server/ir.json')!.chunks?.length).toBeGreaterThan(10);
  });
});
