// Where an authorization server's device endpoint is (RFC 8628 §4). The SDK's metadata schema drops
// `device_authorization_endpoint`, so it is read from the raw documents: noted as the SDK's own
// discovery fetches them (before it registers the client, so the registration can name the grant),
// else fetched once from the issuer's well-known addresses when a device sign-in starts.
import { buildDiscoveryUrls, type FetchLike } from '@modelcontextprotocol/client';

/** The grant type of the device flow's token request (RFC 8628 §3.4). */
export const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

/** The issuer and its device endpoint, when a metadata document offers the grant. */
export function deviceEndpointIn(json: unknown): { issuer: string; endpoint: string } | undefined {
  const doc = (typeof json === 'object' && json !== null ? json : {}) as Record<string, unknown>;
  const { issuer, device_authorization_endpoint: endpoint, grant_types_supported: grants } = doc;
  if (typeof issuer !== 'string' || typeof endpoint !== 'string') return undefined;
  // Listed grants that leave the device grant out mean it is not offered (§4).
  if (Array.isArray(grants) && !grants.includes(DEVICE_GRANT)) return undefined;
  return { issuer, endpoint };
}

/** True for an RFC 8414 or OpenID discovery address. */
export function isMetadataAddress(input: string | URL | Request): boolean {
  const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return /\/\.well-known\/(?:oauth-authorization-server|openid-configuration)(?:\/|$|\?)/.test(raw);
}

/** Reads the issuer's metadata documents for its device endpoint (the issuer must match, RFC 8414 §3.3). */
export async function fetchDeviceEndpoint(
  issuer: string,
  fetchFn: FetchLike = fetch,
): Promise<string | undefined> {
  for (const { url } of buildDiscoveryUrls(issuer)) {
    const response = await fetchFn(url, { headers: { accept: 'application/json' } }).catch(() => undefined);
    if (!response?.ok) {
      await response?.body?.cancel();
      continue;
    }
    const found = deviceEndpointIn(await response.json().catch(() => undefined));
    if (found?.issuer === issuer) return found.endpoint;
  }
  return undefined;
}

/** Device endpoints by issuer, noted from the metadata documents the SDK fetched. */
export class DeviceEndpoints {
  readonly #byIssuer = new Map<string, string>();

  /** Notes the endpoint a metadata document names, if any. */
  async note(response: Response): Promise<void> {
    const found = deviceEndpointIn(await response.json().catch(() => undefined));
    if (found !== undefined) this.#byIssuer.set(found.issuer, found.endpoint);
  }

  /** The grant types to register besides the code flow's: the device grant where it is offered (§4). */
  grants(issuer: string | undefined): string[] {
    return this.known(issuer) === undefined ? [] : [DEVICE_GRANT];
  }

  /** While the SDK registers, discovery is not saved yet: the one server whose metadata it just read. */
  known(issuer: string | undefined): string | undefined {
    if (issuer !== undefined) return this.#byIssuer.get(issuer);
    const noted = [...this.#byIssuer.values()];
    return noted.length === 1 ? noted[0] : undefined;
  }

  /** The issuer's endpoint, noted or else fetched from its metadata. */
  async find(issuer: string | undefined, fetchFn: FetchLike): Promise<string | undefined> {
    if (issuer === undefined) return undefined;
    const known = this.#byIssuer.get(issuer);
    if (known !== undefined) return known;
    const fetched = await fetchDeviceEndpoint(issuer, fetchFn);
    if (fetched !== undefined) this.#byIssuer.set(issuer, fetched);
    return fetched;
  }
}
