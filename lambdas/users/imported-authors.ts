// The authors an import names (its Author column: a name or an e-mail), as users: a staff member whose
// name or e-mail matches, else a profile with no account, made once per name. Its id is derived from
// the name, so every batch (and every import) naming the same person finds the same profile; it is
// `origin: 'import'`, which signs nobody up (events.ts) and holds no role (the admin area lists it as a
// profile without an account).
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { foldAccents } from '../../shared/article-rules';
import { ROLES } from '../../shared/roles';
import { ddb } from '../platform/clients';
import { nameBasedId } from '../platform/ids';
import { conditionalWrite, queryAll, tableName } from '../platform/dynamo';
import { batchGet } from '../platform/dynamo-batch';
import { profileEntity } from './store';

const keyOf = (written: string) => foldAccents(written.trim().toLowerCase()).replace(/\s+/g, ' ');

/** A UUID from the name as matched: the same name is the same placeholder. */
export const placeholderAuthorId = (written: string): string => nameBasedId('import-author', keyOf(written));

const DIRECTORY_TTL_MS = 60_000;
let directory: { at: number; ids: Map<string, string> } | undefined;
/** Placeholders this instance already made (or found): written once per name per instance at most. */
const made = new Set<string>();

/** Staff by name and by e-mail (lowercase, without accents), read at most once a minute per instance. */
async function staffDirectory(): Promise<Map<string, string>> {
  if (directory && Date.now() - directory.at < DIRECTORY_TTL_MS) return directory.ids;
  const grants = await Promise.all(
    ROLES.map((role) =>
      queryAll({
        index: 'gsi1',
        partition: `ROLE#${role}`,
        fields: ['user_id'],
      }),
    ),
  );
  const userIds = [...new Set(grants.flat().map((item) => String(item.user_id)))];
  const profiles = await batchGet(
    userIds.map((id) => profileEntity.key(id)),
    { fields: ['id', 'full_name', 'email'] },
  );
  const ids = new Map<string, string>();
  for (const profile of profiles) {
    for (const written of [profile.email, profile.full_name]) if (typeof written === 'string' && written) ids.set(keyOf(written), String(profile.id));
  }
  directory = { at: Date.now(), ids };
  return ids;
}

/** The user id of each author as written (trimmed), making the missing placeholders. */
export async function importAuthors(names: readonly string[], now = new Date().toISOString()): Promise<Map<string, string>> {
  const staff = await staffDirectory();
  const resolved = new Map<string, string>();
  for (const written of new Set(names.map((name) => name.trim()))) {
    const known = staff.get(keyOf(written));
    if (known) {
      resolved.set(written, known);
      continue;
    }
    const id = placeholderAuthorId(written);
    if (!made.has(id)) {
      const profile = {
        id,
        email: '',
        full_name: written.includes('@') ? written.split('@')[0]! : written,
        bio: '',
        avatar_url: '',
        payment_account: '',
        created_at: now,
        updated_at: now,
      };
      await conditionalWrite(() =>
        ddb().send(
          new PutCommand({
            TableName: tableName(),
            Item: { ...profileEntity.toItem(profile), origin: 'import' },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        ),
      );
      made.add(id);
    }
    resolved.set(written, id);
  }
  return resolved;
}
