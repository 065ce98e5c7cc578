/**
 * Overrides on top of the defaults: `{ ProductRecords: { list } }` replaces one handler and keeps
 * the rest. An unknown group or handler name is refused at start (a typo would otherwise leave
 * the default in place silently); the generated `HandlerOverrides` type refuses it at compile time.
 */
type Groups = Record<string, object>;

/** Some handlers of some groups. */
export type Overrides<H> = { [G in keyof H]?: Partial<H[G]> };

export function mergeHandlers<H extends object>(defaults: H, overrides: Overrides<H> = {}): H {
  const merged: Groups = { ...(defaults as Groups) };
  for (const [group, handlers] of Object.entries(overrides as Groups)) {
    const base = (defaults as Groups)[group] as Record<string, unknown> | undefined;
    if (base === undefined)
      throw new Error(`handlers.${group}: no such handler group (known: ${Object.keys(merged).join(', ')})`);
    const own: Record<string, unknown> = { ...base };
    for (const [name, handler] of Object.entries(handlers ?? {})) {
      if (!(name in base))
        throw new Error(`handlers.${group}.${name}: no such handler (known: ${Object.keys(base).join(', ')})`);
      if (handler === undefined) continue;
      if (typeof handler !== 'function') throw new Error(`handlers.${group}.${name} must be a function`);
      own[name] = handler;
    }
    merged[group] = own;
  }
  return merged as H;
}
