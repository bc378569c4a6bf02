// Who is asking: shown at the top of every prompt, the user's own name for the server first.

/** Who is asking, as every prompt names it: the user's label first, the server's own claim second. */
export interface ServerIdentity {
  /** The name the user gave this server (config key, --name, or the command/URL). Shown first. */
  readonly label: string;
  /** `serverInfo.name` (and version) from the server itself: self-asserted, shown as such. */
  readonly selfName?: string;
  /** `serverInfo.version` from the server itself: self-asserted, like `selfName`. */
  readonly selfVersion?: string;
  /** Origin of an HTTP server (`https://host:port`), used to flag URL-mode hosts that differ. */
  readonly origin?: string;
}
