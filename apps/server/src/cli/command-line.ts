import fs from 'node:fs';
import { ConfigError } from '../config.ts';

/** A command of `npm run …`: its arguments, its environment, where it prints, and Ctrl-C's stop signal. */
export type Command = (
  argv: string[],
  env: NodeJS.ProcessEnv,
  out: (line: string) => void,
  signal?: AbortSignal,
) => Promise<void>;

/** A command used the wrong way: its message says how to use it, and the command exits with 2. */
export class UsageError extends Error {}

type CommandOptions = {
  /** The command's name, in front of every message it prints on failure. */
  name: string;
  /** Errors whose message is meant for the operator as it is (no "failed:" in front); exit 1. */
  knownErrors?: ReadonlyArray<new (...args: never[]) => Error>;
  /** When set, Ctrl-C asks the command to stop at its next safe point (it prints this line) instead of killing it. */
  stopMessage?: string;
};

function isUsageError(error: Error): boolean {
  return (
    error instanceof UsageError ||
    error instanceof ConfigError ||
    Boolean((error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS'))
  );
}

/**
 * Runs a command of `npm run …` the same way for each: reads `.env` if there is one, turns Ctrl-C into
 * a stop signal when the command can stop cleanly, and ends with exit code 2 for a usage mistake, 1 for
 * a failure, each with one line on standard error (never a stack trace, which could hold data).
 */
export function runCommandLine(options: CommandOptions, run: Command): void {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const stop = new AbortController();
  if (options.stopMessage) {
    const message = options.stopMessage;
    process.once('SIGINT', () => {
      console.log(message);
      stop.abort();
    });
  }
  run(process.argv.slice(2), process.env, (line) => console.log(line), stop.signal).catch((error: Error) => {
    const usage = isUsageError(error);
    const known = usage || (options.knownErrors ?? []).some((kind) => error instanceof kind);
    console.error(`${options.name}: ${known ? error.message : `failed: ${error.message}`}`);
    process.exit(usage ? 2 : 1);
  });
}
