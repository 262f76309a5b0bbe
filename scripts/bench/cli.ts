/**
 * The frame of the command-line scripts (benchmarks, seed:large): options read with `--help`
 * printing the usage, the exit code the script returns, and the goals it missed.
 */

/** A mistake in the options or the data a script was given: exit code 2, with no stack. */
export class UsageError extends Error {}

export interface Script<Options> {
  usage: string;
  /** The options of argv; 'help' for --help. Throws UsageError on a mistake. */
  parse(argv: string[]): Options | 'help';
  /** The script itself; its exit code (0 when every goal was met). */
  run(options: Options): Promise<number>;
  /** How a failure is told; the error as it is by default. */
  failure?(error: unknown): void;
}

/** Runs a script and sets the process's exit code: 2 for a usage mistake, 1 for a failure. */
export function runScript<Options>(script: Script<Options>): void {
  const main = async (): Promise<number> => {
    let parsed: Options | 'help';
    try {
      parsed = script.parse(process.argv.slice(2));
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      console.error(`${error.message}\n\n${script.usage}`);
      return 2;
    }
    if (parsed === 'help') {
      console.log(script.usage);
      return 0;
    }
    return script.run(parsed);
  };
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      if (error instanceof UsageError) {
        console.error(error.message);
        process.exitCode = 2;
        return;
      }
      if (script.failure) script.failure(error);
      else console.error(error);
      process.exitCode = 1;
    },
  );
}

/** Prints the goals missed, or that every goal was met; the exit code that says the same. */
export function verdict(missed: readonly string[]): number {
  if (missed.length > 0) {
    console.log(['', 'Metas não cumpridas:', ...missed].join('\n'));
    return 1;
  }
  console.log('\nTodas as metas cumpridas.');
  return 0;
}
