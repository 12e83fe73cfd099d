// Secrets from AWS Secrets Manager, through middy's secrets-manager middleware: fetched before the
// handler runs, cached for a few minutes across invocations of a container, and never logged. The
// secret's id comes from the environment (the CDK stack sets it; the local runtime's stand-in holds
// the same secret). A handler reads the values with `secretValue` during its invocation.
import type middy from '@middy/core';
import secretsManager from '@middy/secrets-manager';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { env, type EnvName } from './env';

const CACHE_MS = 5 * 60 * 1000;
const loaded = new Map<string, unknown>();

/** Makes the JSON secret whose id is in `idVariable` readable as `name` by the handler. */
export function withSecret<Event, Result>(name: string, idVariable: EnvName): middy.MiddlewareObj<Event, Result> {
  const fetching = secretsManager({
    AwsClient: SecretsManagerClient,
    fetchData: { [name]: env(idVariable) },
    cacheKey: `secret-${name}`,
    cacheExpiry: CACHE_MS,
    setToContext: true,
    // The client is made at the first invocation, not at import (the stand-in may not be up yet).
    disablePrefetch: true,
  });
  return {
    before: async (request) => {
      await fetching.before?.(request as never);
      loaded.set(name, (request.context as unknown as Record<string, unknown>)[name]);
    },
  };
}

/** The secret as the middleware fetched it for this invocation. */
export function secretValue<T>(name: string): T {
  const value = loaded.get(name);
  if (value === undefined || value === null || typeof value !== 'object') throw new Error(`secret ${name} not loaded`);
  return value as T;
}
