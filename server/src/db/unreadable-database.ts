// PGlite meets a data dir it cannot read (left damaged by a crash in the middle of writing, or by two
// processes writing it at once) with `RuntimeError: Aborted()` and a WebAssembly stack, or with "PGlite
// failed to initialize properly" (issue 26): neither says which folder or what to do.

export class UnreadableDatabaseError extends Error {
  constructor(dir: string, cause: unknown) {
    super(
      `The embedded database in ${dir} cannot be opened (it is damaged): move that folder away to start with an empty database, or for the demo run \`npm run demo -- --reset\`.`,
      { cause },
    );
  }
}
