/** What the skeleton's registration needs: the server context, sessions, settings, the served version, the read paths and defaults. */
import type { ResourceReads } from '@specgen/runtime-resources';
import type { ServerContext } from '../server-context.ts';
import type { SessionService } from '../sessions.ts';
import type { AuthSettings } from '../settings.ts';
import type { DefaultHandlers } from './defaults.ts';

export interface SkeletonContext {
  server: ServerContext;
  sessions: SessionService;
  settings: AuthSettings;
  /** The service version the server plays. */
  version: string;
  /** The read path of every queryable resource as of that version (its view, options memo, page cache). */
  reads: ReadonlyMap<string, ResourceReads>;
  defaults: DefaultHandlers;
}
