/** npm's rule for a scope (`@acme-api`): lower case, URL-safe; `--package-scope` and specgen.config.* packageScope. */
export const isNpmScope = (value: string): boolean => /^@[a-z0-9][a-z0-9._~-]*$/.test(value);
