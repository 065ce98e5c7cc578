/** `specgen verify`: a live deployment against the spec; the logic lives in @specgen/verify. */
import { useColor } from '@specgen/diagnostics';
import { runVerifyCommand } from '@specgen/verify';
import type { Command } from '../command.ts';
import { defaultsBase, userCwd, userPath } from '../io/paths.ts';
import { VERIFY_HELP as help } from './help/verify.ts';

export const verifyCommand: Command = {
  name: 'verify',
  summary: 'check a live deployment against the spec and name the spec line each finding breaks',
  help,
  run: (args) =>
    runVerifyCommand(args, {
      stdout: (text) => process.stdout.write(text),
      stderr: (text) => process.stderr.write(text),
      env: process.env,
      cwd: userCwd(),
      defaultSpec: userPath(null, 'spec/service-api.md'),
      root: defaultsBase(),
      color: useColor(process.stdout),
    }),
};
