/** The feature plugins a full server registers inside `/:languageCode/:companyNumber` (the API docs go to the root: createServer). */
import { resourcesPlugin } from '@specgen/runtime-resources';
import type { ServicePlugin } from './contract.ts';
import { oidcPlugin } from './oidc/index.ts';

export function defaultPlugins(): ServicePlugin[] {
  return [oidcPlugin, resourcesPlugin];
}
