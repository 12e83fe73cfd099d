// Verifying Cognito access tokens: used by routes with optional sign-in (a premium body for a
// subscriber) and by the local gateway, which plays the HTTP API's JWT authorizer.
import { JwtRsaVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import { env } from './env';

// aws-jwt-verify's own fetcher accepts only https; the local Cognito serves its keys over http.
const jwksCache = new SimpleJwksCache({
  fetcher: {
    fetch: async (uri: string) => {
      const response = await fetch(uri);
      if (!response.ok) throw new Error(`JWKS fetch failed: ${response.status}`);
      return response.arrayBuffer();
    },
  },
});

type Verifier = { verify: (token: string) => Promise<JwtPayload> };
let verifier: Verifier | undefined;

function accessTokenVerifier(): Verifier {
  if (verifier) return verifier;
  const issuer = env('JWT_ISSUER');
  const clientId = env('USER_POOL_CLIENT_ID');
  verifier = JwtRsaVerifier.create(
    {
      issuer,
      jwksUri: `${issuer}/.well-known/jwks.json`,
      audience: null,
      customJwtCheck: ({ payload }) => {
        if (payload.token_use !== 'access') throw new Error('not an access token');
        if (payload.client_id !== clientId) throw new Error('token issued for another client');
      },
    },
    { jwksCache },
  ) as Verifier;
  return verifier;
}

/** The verified claims of a bearer token, or undefined when it is missing or invalid. */
export async function verifyBearer(authorization: string | undefined): Promise<JwtPayload | undefined> {
  const match = /^Bearer\s+(.+)$/i.exec(authorization ?? '');
  if (!match?.[1]) return undefined;
  try {
    return await accessTokenVerifier().verify(match[1]);
  } catch {
    return undefined;
  }
}
