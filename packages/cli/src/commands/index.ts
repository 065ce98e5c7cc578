import type { Command } from '../command.ts';
import { parseCommand } from './parse.ts';
import { diffCommand } from './diff.ts';

export const commands: Command[] = [parseCommand, diffCommand];
