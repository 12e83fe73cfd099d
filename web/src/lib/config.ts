// Runtime configuration served by the backend at /config.json (Cognito ids, API and media bases).
import type { RuntimeConfig } from '../../../shared/api-types';

let pending: Promise<RuntimeConfig> | null = null;

export function loadConfig(): Promise<RuntimeConfig> {
  pending ??= fetch('/config.json', { headers: { Accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok) throw new Error(`config.json: HTTP ${response.status}`);
      return (await response.json()) as RuntimeConfig;
    })
    .catch((error: unknown) => {
      pending = null; // allow a later retry
      throw error;
    });
  return pending;
}
