// The tracker as the React app runs it: a signed-in reader's beacons carry their token (so the server
// can leave staff out). The islands use tracker.ts directly, for anonymous readers, without the session code.
import { hasStoredSession } from '../../auth/load';
import { prepareRequest, type PreparedRequest } from '../../lib/keepalive';
import { startView as start } from './tracker';

export { watchSlot } from './tracker';

async function prepared(): Promise<PreparedRequest | null> {
  if (!hasStoredSession()) return null;
  try {
    return await prepareRequest();
  } catch {
    return null; // No token to be had: the beacon goes as an anonymous reader's.
  }
}

export const startView = (path: string, articleId: string | undefined) => start(path, articleId, prepared);
