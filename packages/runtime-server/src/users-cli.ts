/**
 * `service users add|list|set|remove`: manage users in the store named by DATABASE_URL. The
 * permission names come from the IR the caller hands over (`UsersCommandOptions.spec`).
 */
import { parseArgs } from 'node:util';
import type { Spec } from '@specgen/ir';
import { hashPassword } from '@specgen/runtime-auth';
import {
  createUser,
  deleteUser,
  findUserByUsername,
  listUsers,
  openStore,
  removeDevice,
  StoreConflictError,
  updateUser,
  type Store,
  type UserPatch,
} from '@specgen/runtime-store';
import { permissionNames } from './spec-source.ts';

export const USERS_HELP = `usage: service users <command> [options]

commands:
  add <username> [options]     create a user
  list [--json]                list users (never shows password hashes or secrets)
  set <username> [options]     change a user
  remove <username>            delete a user with their device and sessions

options of add and set:
  --password <text>            password (prefer --password-stdin: command lines end up in shell history)
  --password-stdin             read the password from standard input
  --mfa / --no-mfa             require a TOTP second factor (or not)
  --auth-mode password|oidc    how the user signs in
  --oidc-email <address>       e-mail the identity provider reports for this user ("" to unlink)
  --permission <name>          a read permission (repeatable), e.g. "Show serial number"
  --all-permissions            every permission of the read-resources table
  --remove-device              (set) forget the registered TOTP device

The database is DATABASE_URL (default sqlite:.data/service.db).

example:
  echo 's3cret' | pnpm service users add alice --password-stdin --mfa --permission "Show case"
`;

const OPTIONS = {
  password: { type: 'string' },
  'password-stdin': { type: 'boolean' },
  mfa: { type: 'boolean' },
  'no-mfa': { type: 'boolean' },
  'auth-mode': { type: 'string' },
  'oidc-email': { type: 'string' },
  permission: { type: 'string', multiple: true },
  'all-permissions': { type: 'boolean' },
  'remove-device': { type: 'boolean' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

class UsageError extends Error {}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

type Values = {
  [K in keyof typeof OPTIONS]?: (typeof OPTIONS)[K] extends { multiple: true }
    ? string[]
    : (typeof OPTIONS)[K]['type'] extends 'string'
      ? string
      : boolean;
};

async function patchFrom(values: Values, spec: Spec): Promise<UserPatch> {
  const patch: UserPatch = {};
  const password = values['password-stdin'] ? await readStdin() : values.password;
  if (password !== undefined) {
    if (password.length < 1) throw new UsageError('the password must not be empty');
    patch.passwordHash = await hashPassword(password);
  }
  if (values.mfa && values['no-mfa']) throw new UsageError('--mfa and --no-mfa contradict each other');
  if (values.mfa) patch.mfaRequired = true;
  if (values['no-mfa']) patch.mfaRequired = false;
  const mode = values['auth-mode'];
  if (mode !== undefined) {
    if (mode !== 'password' && mode !== 'oidc')
      throw new UsageError(`--auth-mode must be password or oidc, not "${mode}"`);
    patch.authMode = mode;
  }
  if (values['oidc-email'] !== undefined) {
    const email = values['oidc-email'].trim();
    if (email !== '' && !/^[^\s@]+@[^\s@]+$/.test(email))
      throw new UsageError(`--oidc-email "${email}" is not an e-mail address`);
    patch.oidcEmail = email === '' ? null : email;
  }
  if (values['all-permissions'] || values.permission) {
    const known = permissionNames(spec);
    const wanted = values['all-permissions'] ? known : values.permission!;
    const unknown = wanted.filter((p) => !known.includes(p));
    if (unknown.length > 0)
      throw new UsageError(
        `unknown permission ${unknown.map((p) => `"${p}"`).join(', ')}; known: ${known.map((p) => `"${p}"`).join(', ')}`,
      );
    patch.permissions = [...new Set(wanted)];
  }
  return patch;
}

async function run(
  store: Store,
  spec: Spec,
  command: string | undefined,
  positionals: string[],
  values: Values,
  out: (s: string) => void,
): Promise<number> {
  const name = positionals[0];
  if (command === 'list') {
    const users = await listUsers(store);
    if (values.json) {
      out(
        JSON.stringify(
          users.map(({ passwordHash: _p, ...u }) => ({ ...u, hasPassword: _p !== null })),
          null,
          2,
        ),
      );
      return 0;
    }
    for (const u of users) {
      out(
        `${u.username}\t${u.authMode}\tmfa=${u.mfaRequired ? 'yes' : 'no'}\toidc=${u.oidcEmail ?? '-'}\tpermissions=${u.permissions.join('; ') || '-'}`,
      );
    }
    if (users.length === 0) out('(no users)');
    return 0;
  }
  if (!name) throw new UsageError(`${command ?? 'a command'} needs a <username>`);
  if (command === 'add') {
    const patch = await patchFrom(values, spec);
    if ((patch.authMode ?? 'password') === 'password' && !patch.passwordHash)
      throw new UsageError('a password user needs --password or --password-stdin');
    await createUser(store, { username: name, ...patch });
    out(`added ${name}`);
    return 0;
  }
  const user = await findUserByUsername(store, name);
  if (!user) throw new UsageError(`no user "${name}"`);
  if (command === 'set') {
    await updateUser(store, user.id, await patchFrom(values, spec));
    if (values['remove-device']) await removeDevice(store, user.id);
    out(`updated ${name}`);
    return 0;
  }
  if (command === 'remove') {
    await deleteUser(store, user.id);
    out(`removed ${name}`);
    return 0;
  }
  throw new UsageError(`unknown users command "${command}"`);
}

export interface UsersCommandOptions {
  /** The IR of the service (its read-resources table names the permissions). */
  spec: Spec;
  env?: Record<string, string | undefined>;
  out?: (line: string) => void;
  err?: (line: string) => void;
}

/** The parsed command line of `service users` (parseArgs' result for OPTIONS). */
function parseUsersArgs(args: string[]) {
  return parseArgs({ args, options: OPTIONS, allowPositionals: true, strict: true });
}

export async function usersCommand(args: string[], options: UsersCommandOptions): Promise<number> {
  const {
    spec,
    env = process.env,
    out = (s: string) => console.log(s),
    err = (s: string) => console.error(s),
  } = options;
  let parsed: ReturnType<typeof parseUsersArgs>;
  try {
    parsed = parseUsersArgs(args);
  } catch (e) {
    err(`${(e as Error).message}\n\n${USERS_HELP}`);
    return 2;
  }
  const [command, ...positionals] = parsed.positionals;
  if (parsed.values.help || command === 'help') {
    out(USERS_HELP);
    return 0;
  }
  if (!command) {
    err(USERS_HELP);
    return 2;
  }
  const store = await openStore(env.DATABASE_URL ?? 'sqlite:.data/service.db');
  try {
    return await run(store, spec, command, positionals, parsed.values as Values, out);
  } catch (e) {
    if (e instanceof UsageError || e instanceof StoreConflictError) {
      err(`users: ${e.message}`);
      return 2;
    }
    throw e;
  } finally {
    await store.close();
  }
}
