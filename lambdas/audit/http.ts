// HTTP routes of the audit context (masters only: the edge checks the role, RouteSpec.requires): the latest
// entries, newest first, with the name of who acted and, for an entry about a user (a role), of whom: read
// now, so a name changed or erased is not kept in the log.
import { queryPage } from '../platform/dynamo';
import { batchRead } from '../platform/dynamo-batch';
import { httpHandler, json } from '../platform/http';
import { authorProfiles } from '../users/public';
import { contract } from './contract';
import { AUDIT_INDEX_PK } from './public';

const PAGE_SIZE = 20;

export const handler = httpHandler(contract, {
  'GET /api/admin/audit': async (request) => {
    const page = await queryPage({ index: 'gsi1', partition: AUDIT_INDEX_PK, descending: true, limit: PAGE_SIZE }, request.query.cursor);
    const people = page.items.flatMap((item) => [String(item.user_id), ...(item.target_type === 'user' ? [String(item.target_id)] : [])]);
    const { profiles } = await batchRead({ profiles: authorProfiles([...new Set(people)]) });
    const nameOf = (id: string) => profiles.get(id)?.full_name || 'Usuário removido';
    const items = page.items.map(({ pk: _pk, sk: _sk, gsi1pk: _g, gsi1sk: _s, entity: _e, ...entry }) => ({
      ...entry,
      user_name: nameOf(String(entry.user_id)),
      ...(entry.target_type === 'user' ? { target_name: nameOf(String(entry.target_id)) } : {}),
    }));
    return json(200, { items, next_cursor: page.cursor ?? null });
  },
});
