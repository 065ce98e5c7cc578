/** Types of built.mjs (plain JavaScript, so that node runs it without tsx). */
export type Scope = 'cli' | 'server' | 'reference';
export declare const REPO_ROOT: string;
export declare function newestInput(scope: Scope, root?: string): number;
export declare function isBuilt(scope: Scope, root?: string): boolean;
export declare function ensureBuilt(scope: Scope, root?: string): void;
export declare function specgenArgv(root?: string, env?: Record<string, string | undefined>): string[];
export declare function ensureReferenceSite(root?: string): void;
