/**
 * What `specgen generate` tells a person while it runs. The pipeline calls a `GenerateProgress`
 * (parse done, each target rendered, syntax checked, files written) and never prints itself; the command picks the
 * reporter: on a TTY a line per stage, off a TTY nothing until the summary line.
 */
import picocolors from 'picocolors';

export interface GenerateProgress {
  /** The spec was parsed. */
  parsed(file: string, counts: { resources: number; structures: number; diagnostics: number }, ms: number): void;
  /** One target was rendered to `files` files. */
  rendered(target: string, files: number, ms: number): void;
  /** The TypeScript syntax of `files` changed files (a sample of large folders) was checked. */
  checked?(files: number, ms: number): void;
  /** The changed files were written and left-overs removed. */
  wrote?(
    report: { written: readonly string[]; unchanged: readonly string[]; removed: readonly string[] },
    ms: number,
  ): void;
}

export const silentProgress: GenerateProgress = { parsed() {}, rendered() {} };

/** `1.2 s` from 1 s on, else `340 ms`. */
export function formatDuration(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** One line per stage on `write` (the terminal's stderr), names padded into a column. */
export function terminalProgress(write: (text: string) => void, color: boolean, width = 10): GenerateProgress {
  const c = picocolors.createColors(color);
  const line = (stage: string, text: string, ms: number) =>
    write(`${c.green('✓')} ${stage.padEnd(width)} ${text} ${c.dim(`(${formatDuration(ms)})`)}\n`);
  return {
    parsed(file, counts, ms) {
      line('parse', `${file}: ${plural(counts.resources, 'resource')}, ${plural(counts.structures, 'structure')}`, ms);
    },
    rendered(target, files, ms) {
      line(target, plural(files, 'file'), ms);
    },
    checked(files, ms) {
      line('check', `syntax of ${plural(files, 'changed file')}`, ms);
    },
    wrote(report, ms) {
      line('write', `${report.written.length} written, ${report.removed.length} removed`, ms);
    },
  };
}

export interface Summary {
  written: number;
  unchanged: number;
  removed: number;
  ms: number;
}

/** The one line every run ends with: `3 written, 0 removed, 54 unchanged in 1.2 s`. */
export function summaryLine(s: Summary): string {
  return `${s.written} written, ${s.removed} removed, ${s.unchanged} unchanged in ${formatDuration(s.ms)}`;
}
