/** Test helpers other packages' code shares (`@specgen/verify/testing`): the sandbox service and the drift proxy (tools/bench/verify.ts). */
export { startProxy } from './drift-proxy.ts';
export { demoCredentials, REDIRECT_URL, spec, startSandbox } from './sandbox.ts';
