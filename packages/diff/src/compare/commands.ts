/** Commands (GetMultiFactorDeviceSecret, ...): added, removed, response and response headers. */
import type { Command } from '@specgen/ir';
import type { ChangeLog } from '../change.ts';

export function compareCommands(log: ChangeLog, before: Command[], after: Command[]): void {
  const oldByName = new Map(before.map((c) => [c.name, c]));
  const newByName = new Map(after.map((c) => [c.name, c]));
  for (const c of before) {
    if (!newByName.has(c.name))
      log.add('command-removed', {
        resource: `command:${c.name}`,
        message: `Command ${c.name} was removed.`,
        source: c.source,
      });
  }
  for (const c of after) {
    const old = oldByName.get(c.name);
    const at = { resource: `command:${c.name}`, source: c.source };
    if (!old) {
      log.add('command-added', { ...at, message: `Command ${c.name} was added.` });
      continue;
    }
    if (old.response !== c.response) {
      log.add('command-response-changed', {
        ...at,
        message: `Command ${c.name}: response ${old.response ?? 'not named'} -> ${c.response ?? 'not named'}.`,
      });
    }
    const oldHeaders = new Set(old.responseHeaders.map((h) => h.toLowerCase()));
    const newHeaders = new Set(c.responseHeaders.map((h) => h.toLowerCase()));
    for (const h of c.responseHeaders) {
      if (!oldHeaders.has(h.toLowerCase()))
        log.add('command-response-header-added', {
          ...at,
          key: h.toLowerCase(),
          message: `Command ${c.name} now returns header ${h}.`,
        });
    }
    for (const h of old.responseHeaders) {
      if (!newHeaders.has(h.toLowerCase()))
        log.add('command-response-header-removed', {
          ...at,
          key: h.toLowerCase(),
          message: `Command ${c.name} no longer returns header ${h}.`,
        });
    }
  }
}
