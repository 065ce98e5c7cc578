import type { Command } from '../command.ts';
import { parseCommand } from './parse.ts';

export const commands: Command[] = [parseCommand];
