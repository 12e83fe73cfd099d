// Who may import (editors and the master: 'articles.import' in shared/roles.ts), checked on every route.
import { IMPORT_MESSAGES } from '../../shared/imports';
import { can } from '../../shared/roles';
import { forbidden } from '../platform/errors';
import { readerAccess } from '../users/public';

export async function requireImporter(userId: string): Promise<void> {
  const { roles } = await readerAccess(userId);
  if (!can(roles, 'articles.import')) throw forbidden(IMPORT_MESSAGES.forbidden);
}
