import { describe, expect, it } from 'vitest';
import { commands } from '../src/commands/index.ts';

describe('command list', () => {
  it('loads each command lazily under the name and summary it lists', async () => {
    for (const entry of commands) {
      const command = await entry.load();
      expect(command.name).toBe(entry.name);
      expect(command.summary.toLowerCase()).toBe(entry.summary.toLowerCase());
      expect(command.help).toContain(`specgen ${entry.name}`);
      // `specgen <name> --help` prints the help module alone, without loading the command.
      if (entry.help) expect(await entry.help()).toBe(command.help);
    }
  });
});
