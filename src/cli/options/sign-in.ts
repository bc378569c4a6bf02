// Sign-in to HTTP servers that answer 401: a person's (OAuth with a browser) and an agent's (client_credentials).
import type { OptionSection } from './option.js';

export const SIGN_IN_OPTIONS = {
  title: 'Sign-in (HTTP servers that answer 401; see docs/authorization.md)',
  intro: [
    '  An HTTP server that needs a sign-in gets one (OAuth 2.1, the MCP authorization spec): on a',
    '  terminal you are asked first, naming the server and the sign-in site; a scripted run opens it only',
    '  with --open-urls, else stops with exit status 5. Tokens are kept in $MCP_ELICIT_AUTH_DIR, else',
    '  $XDG_STATE_HOME/mcp-elicit/auth (by default ~/.local/state/mcp-elicit/auth), 0600 files.',
  ],
  options: [
    {
      name: 'client-id',
      type: 'string',
      placeholder: '<id>',
      help: ['A client ID registered with the authorization server beforehand.'],
    },
    {
      name: 'client-secret-env',
      type: 'string',
      placeholder: 'VAR',
      help: [
        "Read that client's secret from the environment variable VAR (a secret",
        'never goes on a command line).',
      ],
    },
    {
      name: 'client-metadata-url',
      type: 'string',
      help: [
        '<url>: a client ID metadata document (https, with a path), used when the',
        'authorization server supports such client IDs.',
      ],
    },
    {
      name: 'callback-port',
      type: 'string',
      placeholder: '<n>',
      help: [
        "Listen for the sign-in's redirect on 127.0.0.1:<n> (default: a free port),",
        'for an authorization server that needs a registered redirect URI.',
      ],
    },
    {
      name: 'sign-in',
      type: 'string',
      placeholder: '<how>',
      help: [
        'browser (default) or device: show a code to enter on any device (RFC 8628),',
        'when the authorization server offers it (config: "oauth.signIn").',
      ],
    },
    {
      name: 'no-browser',
      type: 'boolean',
      help: [
        'No browser can come back to this machine: sign in with a device code when',
        'offered, else paste back the address the browser ended on. Also the default',
        'over SSH without BROWSER or DISPLAY.',
      ],
    },
    {
      name: 'scope',
      type: 'string',
      placeholder: '"<a b>"',
      help: ['Ask for these scopes instead of the ones the server names.'],
    },
  ],
} as const satisfies OptionSection;

export const UNATTENDED_OPTIONS = {
  title:
    'Unattended sign-in (an agent signing in as itself: OAuth client_credentials, no browser, no person)',
  options: [
    {
      name: 'client-credentials',
      type: 'boolean',
      help: [
        'Use the client_credentials grant with --client-id and either',
        '--client-secret-env NAME (client_secret_basic) or --client-key-file.',
      ],
    },
    {
      name: 'client-issuer',
      type: 'string',
      placeholder: '<url>',
      help: [
        'The authorization server (issuer URL) the credentials belong to; they',
        'are sent to no other. Required with --client-credentials.',
      ],
    },
    {
      name: 'client-key-file',
      type: 'string',
      placeholder: '<f>',
      help: ['A PEM private key for private_key_jwt client authentication.'],
    },
    {
      name: 'client-key-alg',
      type: 'string',
      placeholder: '<alg>',
      help: ['Its JWS algorithm (default ES256).'],
    },
  ],
} as const satisfies OptionSection;
