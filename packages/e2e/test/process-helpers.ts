/** Child processes and ports of the end-to-end tests. */
import { createServer } from 'node:net';

/** The output of a finished command, or an error with its last 4000 characters when it failed. */
export function must(result: { status: number; output: string }, what: string): string {
  if (result.status !== 0) throw new Error(`${what} failed (${result.status}):\n${result.output.slice(-4000)}`);
  return result.output;
}

/** A loopback port free at the time of asking. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}
