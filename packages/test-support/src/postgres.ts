/**
 * A throwaway PostgreSQL cluster from the system's binaries (Debian's `postgresql` package):
 * initdb into a temp dir, pg_ctl start on 127.0.0.1 and a free port, removed on stop.
 * As root, the cluster runs as the `postgres` user.
 */
import { execFileSync, execSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PostgresCluster {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  url: string;
  port: number;
  /** Creates a fresh database and returns its URL. */
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
}

export function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) if (existsSync(join(root, v, 'bin', 'initdb'))) return join(root, v, 'bin');
  return null;
}

export function postgresAvailable(): boolean {
  return postgresBinDir() !== null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/** `choosePort`: how a port is chosen for each start (tests of the retry). */
export async function startPostgres(choosePort: () => Promise<number> = freePort): Promise<PostgresCluster> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql (apt-get install postgresql)');
  const dir = mkdtempSync(join(tmpdir(), 'specgen-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) => {
    if (asRoot)
      execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', [cmd, ...args].map(q).join(' ')], { stdio: 'pipe' });
    else execFileSync(cmd, args, { stdio: 'pipe' });
  };
  run(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  // The port is free when chosen, but a parallel test file can take it before the server binds it:
  // then the start fails ("Address already in use") and is tried again on another port.
  const logFile = join(dir, 'log');
  const logText = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '');
  let port = 0;
  for (let attempt = 1; ; attempt++) {
    port = await choosePort();
    const logBefore = logText().length;
    try {
      run(join(bin, 'pg_ctl'), [
        '-D',
        data,
        '-l',
        logFile,
        '-w',
        '-o',
        `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=${dir} -c fsync=off -c max_connections=200`,
        'start',
      ]);
      break;
    } catch (err) {
      if (attempt >= 5 || !logText().slice(logBefore).includes('Address already in use')) {
        rmSync(dir, { recursive: true, force: true });
        throw err;
      }
    }
  }
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    port,
    async createDatabase(name: string) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
      const pg = await import('pg');
      const client = new pg.default.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    async stop() {
      try {
        run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

function q(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** For scripts: is `su` usable (root in a container) */
export function canSwitchToPostgresUser(): boolean {
  try {
    execSync('id postgres', { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}
