export interface Command {
  name: string;
  /** One line for the command list. */
  summary: string;
  /** Full `--help` text, with an example. */
  help: string;
  /** Returns the exit status. */
  run(args: string[]): Promise<number>;
}
