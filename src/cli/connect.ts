// Builds the transport for a target, negotiates the era (using the cache), and hands back a
// connected SDK Client with elicitation attached.
import { StringDecoder } from 'node:string_decoder';
import {
  Client,
  OAuthClientFlowError,
  type OAuthClientProvider,
  OAuthError,
  type StreamableHTTPClientTransport,
  type Transport,
  UnauthorizedError,
  type VersionNegotiationMode,
} from '@modelcontextprotocol/client';
import { clientCredentialsFrom, clientCredentialsProvider } from '../auth/client-credentials.js';
import type { SignInSettings } from '../auth/settings.js';
import { signInError } from '../auth/sign-in-errors.js';
import { ElicitError } from '../contracts/elicit-error.js';
import type { Era } from '../contracts/protocol.js';
import type { Renderer } from '../contracts/renderer.js';
import { type AttachOptions, attachElicitation, type ElicitationSession } from '../mcp/attach.js';
import { createGuardedHttpTransport } from '../mcp/guarded-http.js';
import { createGuardedStdioTransport } from '../mcp/guarded-stdio.js';
import type { ProtocolChoice } from './args.js';
import { describeConnectError } from './connect-errors.js';
import { type CliSignIn, openCliSignIn } from './connect-sign-in.js';
import { EraCache, eraCacheKey } from './era-cache.js';
import { VERSION } from './version.js';

// A stdio target's `env` is all the server gets besides the SDK's safe set (see server-env.ts).
export type ResolvedTarget =
  | { kind: 'stdio'; command: string; args: string[]; env: Record<string, string>; cwd?: string }
  | { kind: 'http'; url: URL; headers: Record<string, string>; oauth?: SignInSettings };

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
      connection.era === 'modern' && discover
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
  const target = options.target;
  // An unattended agent signing in as itself: the SDK runs the grant on 401, nobody is asked.
  if (target.kind === 'http' && target.oauth?.clientCredentials === true) {
    const provider = clientCredentialsProvider(clientCredentialsFrom(target.oauth, options.env));
    return connectSigningIn(options, prior, undefined, provider);
  }
  const signIn =
    target.kind === 'http'
      ? await openCliSignIn({
          url: target.url,
          settings: target.oauth,
          label: options.label,
          env: options.env,
          renderer: options.renderer,
          opener: options.attach.opener,
          era: options.protocol.kind === 'modern' ? 'modern' : 'legacy',
        })
      : undefined;
  try {
    return await connectSigningIn(options, prior, signIn);
  } catch (error) {
    await signIn?.session.close();
    throw error;
  }
}

// connect -> UnauthorizedError -> sign in -> a NEW transport (a started one cannot restart) -> again.
async function connectSigningIn(
  options: ConnectOptions,
  prior: Prior | undefined,
  signIn: CliSignIn | undefined,
  clientAuth?: OAuthClientProvider,
): Promise<Connection> {
  for (;;) {
    const client = new Client({ name: 'mcp-elicit', version: VERSION }, clientOptions(options.protocol));
    const session = attachElicitation(client, {
      ...options.attach,
      renderer: options.renderer,
      server: {
        label: options.label,
        ...(options.target.kind === 'http' && { origin: options.target.url.origin }),
      },
    });
    options.configure?.(client);
    const transport = makeTransport(options, signIn, clientAuth);
    try {
      await client.connect(transport, prior ? { prior } : {});
    } catch (error) {
      const unauthorized = signIn !== undefined && UnauthorizedError.isInstance(error);
      try {
        if (unauthorized) await signIn.session.signIn(transport as StreamableHTTPClientTransport);
      } finally {
        await client.close().catch(() => {});
      }
      if (unauthorized) continue;
      throw connectError(error, options);
    }
    if (signIn) signIn.session.retryRequestsOf(transport as StreamableHTTPClientTransport);
    return {
      client,
      session,
      era: client.getProtocolEra() === 'modern' ? 'modern' : 'legacy',
      version: client.getNegotiatedProtocolVersion(),
      close: async () => {
        await client.close();
        await signIn?.session.close();
      },
    };
  }
}

function connectError(error: unknown, options: ConnectOptions): ElicitError {
  if (isSignInError(error) || isOAuthFailure(error)) return signInError(error, options.label);
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

function makeTransport(
  options: ConnectOptions,
  signIn: CliSignIn | undefined,
  clientAuth: OAuthClientProvider | undefined,
): Transport {
  const target = options.target;
  if (target.kind === 'http') {
    return createGuardedHttpTransport(target.url, {
      requestInit: { headers: target.headers },
      ...(clientAuth && { authProvider: clientAuth }),
      ...(signIn && { authProvider: signIn.provider, fetch: signIn.provider.watchFetch() }),
    });
  }
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
