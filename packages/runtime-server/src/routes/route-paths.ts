/** The path of a sign-in route inside the `/:languageCode/:companyNumber` prefix, from the contract's route table. */
import { findRoute } from '@specgen/contract';
import type { AuthRouteContext } from '../auth-context.ts';

export function prefixedPath(ctx: Pick<AuthRouteContext, 'spec' | 'config'>, operationId: string): string {
  const route = findRoute(ctx.spec, ctx.config.serviceVersion || null, operationId);
  if (!route) throw new Error(`the route table has no operation ${operationId} at service version ${ctx.config.serviceVersion}`);
  return route.prefixedPath;
}
