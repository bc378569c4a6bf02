// Builds the transport for a target, negotiates the era (using the cache), and hands back a
// connected SDK Client with elicitation attached.
import { StringDecoder } from 'node:string_decoder';
import {
  Client,
  OAuthClientFlowError,
  OAuthError,
  type Transport,
  type VersionNegotiationMode,
} from '@modelcontextprotocol/client';
import { clientCredentialsFrom, clientCredentialsProvider } from '../auth/client-credentials.js';
import { connectWithSignIn } from '../auth/connect-with-sign-in.js';
import { peerDocumentProblem } from '../auth/peer-documents.js';
import type { SignInSettings } from '../auth/settings.js';
import { signInError } from '../auth/sign-in-errors.js';
import { ElicitError } from '../contracts/elicit-error.js';
import { type Era, eraOf } from '../contracts/protocol.js';
import type { Renderer } from '../contracts/renderer.js';
import { type AttachOptions, attachElicitation, type ElicitationSession } from '../mcp/attach.js';
import { createGuardedHttpTransport } from '../mcp/guarded-http.js';
import { createGuardedStdioTransport } from '../mcp/guarded-stdio.js';
import { describeConnectError } from './connect-errors.js';
import { EraCache, eraCacheKey } from './era-cache.js';
import { cliSignIn } from './sign-in.js';
import { closeStdioClient } from './stdio-close.js';
import { VERSION } from './version.js';

// A stdio target's `env` is all the server gets besides the SDK's safe set (see server-env.ts).
export type ResolvedTarget =
  | { kind: 'stdio'; command: string; args: string[]; env: Record<string, string>; cwd?: string }
  | { kind: 'http'; url: URL; headers: Record<string, string>; oauth?: SignInSettings };

/** The protocol the caller asked for (`--protocol`): negotiate, or one era, or one exact version. */
export type ProtocolChoice =
  | { kind: 'auto' }
  | { kind: 'legacy'; version?: string }
  | { kind: 'modern'; version: string };

export interface ConnectOptions {
  readonly target: ResolvedTarget;
  readonly label: string;
  readonly protocol: ProtocolChoice;
  readonly useEraCache: boolean;
  readonly env: NodeJS.ProcessEnv;
  readonly renderer: Renderer;
  readonly attach: Omit<AttachOptions, 'renderer' | 'server'>;
  /** Server stderr text (stdio), as decoded chunks; see server-stderr.ts for how it is shown. */
  readonly onServerStderr: (chunk: string) => void;
  /** Called on each new Client before it connects (the proxy adds sampling/roots handlers here). */
  readonly configure?: (client: Client) => void;
  /** Who asks consent for a sign-in, when not `renderer` (the proxy: its own front-end, not the host). */
  readonly signInRenderer?: Renderer;
}

export interface Connection {
  readonly client: Client;
  readonly session: ElicitationSession;
  readonly era: Era;
  readonly version: string | undefined;
  close(): Promise<void>;
}

export async function connect(options: ConnectOptions): Promise<Connection> {
  // `auto` uses the cache for either era; a pinned modern version reuses a cached discover result
  // that offers it (the pin would otherwise probe with server/discover on every run).
  const protocol = options.protocol;
  const cache = options.useEraCache && protocol.kind !== 'legacy' ? new EraCache(options.env) : undefined;
  const key = eraCacheKey(options.target);
  let cached = cache ? await cache.get(key) : undefined;
  if (
    protocol.kind === 'modern' &&
    (cached?.kind !== 'modern' || !offers(cached.discover, protocol.version))
  ) {
    cached = undefined;
  }
  if (cached) {
    try {
      return await connectOnce(
        options,
        cached.kind === 'legacy' ? { kind: 'legacy' } : { kind: 'modern', discover: cached.discover },
      );
    } catch (error) {
      // A sign-in that failed or was refused is final: probing again would ask again.
      if (isSignInError(error)) throw error;
      await cache?.delete(key); // stale: the server changed; probe again below
    }
  }
  const connection = await connectOnce(options, undefined);
  if (cache) {
    const discover = connection.client.getDiscoverResult();
    await cache.set(
      key,
      connection.era === '2026-07-28' && discover
        ? { kind: 'modern', discover, savedAt: Date.now() }
        : { kind: 'legacy', savedAt: Date.now() },
    );
  }
  return connection;
}

type Prior =
  | { kind: 'legacy' }
  | { kind: 'modern'; discover: NonNullable<ReturnType<Client['getDiscoverResult']>> };

async function connectOnce(options: ConnectOptions, prior: Prior | undefined): Promise<Connection> {
  let session: ElicitationSession | undefined;
  // A new Client for each attempt (a sign-in starts over on a new transport).
  const newClient = () => {
    const client = new Client({ name: 'mcp-elicit', version: VERSION }, clientOptions(options.protocol));
    session = attachElicitation(client, {
      ...options.attach,
      renderer: options.renderer,
      server: {
        label: options.label,
        ...(options.target.kind === 'http' && { origin: options.target.url.origin }),
      },
    });
    options.configure?.(client);
    return client;
  };
  const connectOptions = prior ? { prior } : {};
  const target = options.target;
  let client: Client;
  let close: () => Promise<void>;
  try {
    if (target.kind === 'http' && target.oauth?.clientCredentials === true) {
      // An unattended agent signing in as itself: the SDK runs the grant on a 401, nobody is asked.
      const authProvider = clientCredentialsProvider(clientCredentialsFrom(target.oauth, options.env));
      const machine = newClient();
      await machine.connect(
        createGuardedHttpTransport(target.url, { requestInit: { headers: target.headers }, authProvider }),
        connectOptions,
      );
      client = machine;
      close = () => machine.close();
    } else if (target.kind === 'http') {
      // HTTP servers may need a sign-in (A-01: stdio servers never do).
      const signIn = await cliSignIn({
        url: target.url,
        settings: target.oauth,
        label: options.label,
        env: options.env,
        renderer: options.signInRenderer ?? options.renderer,
        opener: options.attach.opener,
        era: options.protocol.kind === 'modern' ? '2026-07-28' : '2025-11-25',
      });
      const connected = await connectWithSignIn({
        ...signIn,
        url: target.url,
        newClient,
        connectOptions,
        newTransport: (parts) =>
          createGuardedHttpTransport(target.url, { requestInit: { headers: target.headers }, ...parts }),
      });
      client = connected.client;
      close = () => connected.close();
    } else {
      const stdio = newClient();
      await connectStdio(stdio, options, connectOptions);
      client = stdio;
      close = () => closeStdioClient(stdio);
    }
  } catch (error) {
    throw connectError(error, options);
  }
  return {
    client,
    session: session as ElicitationSession,
    era: eraOf(client.getProtocolEra()),
    version: client.getNegotiatedProtocolVersion(),
    close,
  };
}

async function connectStdio(
  client: Client,
  options: ConnectOptions,
  connectOptions: Parameters<Client['connect']>[1],
): Promise<void> {
  try {
    await client.connect(stdioTransport(options), connectOptions);
  } catch (error) {
    await client.close().catch(() => {});
    throw error;
  }
}

function connectError(error: unknown, options: ConnectOptions): ElicitError {
  // A private file or folder refused (files/folder-check.ts) says itself what to do.
  if (error instanceof ElicitError && error.code === 'config') return error;
  if (isSignInError(error) || isOAuthFailure(error) || peerDocumentProblem(error) !== undefined)
    return signInError(error, options.label);
  const url = options.target.kind === 'http' ? options.target.url : undefined;
  return new ElicitError('connect', describeConnectError(error, options.label, url), { cause: error });
}

function isSignInError(error: unknown): boolean {
  return (
    error instanceof ElicitError && (error.code === 'sign-in-required' || error.code === 'sign-in-failed')
  );
}

// The SDK's authorization errors (OAuthError, IssuerMismatchError, ...) are brand-checked classes.
function isOAuthFailure(error: unknown): boolean {
  return OAuthError.isInstance(error) || OAuthClientFlowError.isInstance(error);
}

function clientOptions(protocol: ProtocolChoice): ConstructorParameters<typeof Client>[1] {
  switch (protocol.kind) {
    case 'auto':
      return { versionNegotiation: { mode: 'auto' } };
    case 'legacy':
      return {
        versionNegotiation: { mode: 'legacy' satisfies VersionNegotiationMode },
        ...(protocol.version !== undefined && { supportedProtocolVersions: [protocol.version] }),
      };
    case 'modern':
      return { versionNegotiation: { mode: { pin: protocol.version } } };
  }
}

function stdioTransport(options: ConnectOptions): Transport {
  const target = options.target;
  if (target.kind !== 'stdio') throw new Error('not a stdio target');
  const transport = createGuardedStdioTransport({
    command: target.command,
    args: target.args,
    env: target.env,
    ...(target.cwd !== undefined && { cwd: target.cwd }),
    stderr: 'pipe',
  });
  // A character split across two chunks stays whole.
  const decoder = new StringDecoder('utf8');
  transport.stderr?.on('data', (chunk: Buffer) => options.onServerStderr(decoder.write(chunk)));
  return transport;
}

function offers(discover: { supportedVersions?: unknown }, version: string): boolean {
  return Array.isArray(discover.supportedVersions) && discover.supportedVersions.includes(version);
}
