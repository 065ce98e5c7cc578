/** What the skeleton's registration needs: the server context, sessions, settings, the served version, views and defaults. */
import type { ResourceView } from '@specgen/runtime-resources';
import type { ServerContext } from '../contract.ts';
import type { SessionService } from '../sessions.ts';
import type { AuthSettings } from '../settings.ts';
import type { DefaultHandlers } from './defaults.ts';

export interface SkeletonContext {
  server: ServerContext;
  sessions: SessionService;
  settings: AuthSettings;
  /** The service version the server plays. */
  version: string;
  /** Every queryable resource as of that version. */
  views: ReadonlyMap<string, ResourceView>;
  defaults: DefaultHandlers;
}
