// What the CLI knows about one option, written once: parseArgs, --help, per-command help and
// completion are all made from these records (see index.ts).

export interface OptionRecord {
  /** The long name, without `--`. */
  readonly name: string;
  readonly type: 'string' | 'boolean';
  /** Repeatable: parseArgs collects every occurrence. */
  readonly multiple?: true;
  /** The one-letter alias, without `-`. */
  readonly short?: string;
  /** What --help shows after the name, e.g. `<url>`. */
  readonly placeholder?: string;
  /** The description lines, as --help prints them in the option column. */
  readonly help: readonly string[];
  /** Lines printed above the option wherever it is listed (the note --env adds to). */
  readonly before?: readonly string[];
  /** Completion: the fixed values to offer, or `files` for a path; free text when absent. */
  readonly values?: readonly string[] | 'files';
}

/** One block of --help: a heading, lines under it, then its options. */
export interface OptionSection {
  /** None for options listed under a hand-written part of the help (proxy's, under Commands). */
  readonly title?: string;
  /** Lines under the heading, before the first option, as printed. */
  readonly intro?: readonly string[];
  readonly options: readonly OptionRecord[];
}
