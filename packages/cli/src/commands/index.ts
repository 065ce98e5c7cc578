import type { Command } from '../command.ts';
import { parseCommand } from './parse.ts';
import { diffCommand } from './diff.ts';
import { generateCommand } from './generate.ts';

export const commands: Command[] = [parseCommand, generateCommand, diffCommand];
