/** The targets `specgen generate` writes, for its help text (a test keeps it equal to generators.ts). */
export const TARGETS = ['types', 'validators', 'openapi', 'client', 'server'] as const;
