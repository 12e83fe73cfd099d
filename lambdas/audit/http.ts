// HTTP routes of the audit context: the latest entries, newest first, with the name of who acted (masters
// only: the edge checks the role, RouteSpec.requires).
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
    const { profiles } = await batchRead({ profiles: authorProfiles([...new Set(page.items.map((item) => String(item.user_id)))]) });
    const items = page.items.map(({ pk: _pk, sk: _sk, gsi1pk: _g, gsi1sk: _s, entity: _e, ...entry }) => ({
      ...entry,
      user_name: profiles.get(String(entry.user_id))?.full_name || 'Usuário removido',
    }));
    return json(200, { items, next_cursor: page.cursor ?? null });
  },
});
