// The search indexes' items: per index (the recent one, each archive year) which build the site serves
// and what it holds — its pages, the ids of its articles (to tell which index an edited or removed
// article is in), its cities and tag counts (the page's selects), and when each of its hashed files
// was last written (a rebuild writes again only what is new or getting old). Two builds may run at
// once (a burst of events and the daily job); per index, the later one to start wins, so an older
// snapshot never replaces a newer one.
import { gunzipSync, gzipSync } from 'node:zlib';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { SEARCH_RECENT_INDEX } from '../../shared/search';
import { ddb } from '../platform/clients';
import { conditionalWrite, getItem, queryAll, tableName } from '../platform/dynamo';

const PK = 'SEARCH#INDEX';
const PREFIX = 'INDEX#';
const key = (name: string) => ({ pk: PK, sk: `${PREFIX}${name}` });

export interface IndexState {
  /** 'recente' or 'arquivo-YYYY'. */
  name: string;
  /** When the build began reading the table (ISO): it holds every change committed before. */
  started_at: string;
  finished_at: string;
  /** recentSince at the build. */
  since: string;
  pages: number;
  files: number;
  bytes: number;
  /** Files this build put (the others were written recently enough by an earlier one). */
  written: number;
  build_ms: number;
}

/** What an index holds besides its figures (stored compressed: thousands of ids and file names). */
export interface IndexContents {
  ids: string[];
  cities: string[];
  tags: Record<string, number>;
  /** Hashed file key → the day (YYYY-MM-DD) it was last put. */
  files: Record<string, string>;
}

export interface StoredIndex extends IndexState {
  contents: IndexContents;
}

const pack = (contents: IndexContents) => gzipSync(JSON.stringify(contents));
function unpack(value: unknown): IndexContents {
  const empty: IndexContents = { ids: [], cities: [], tags: {}, files: {} };
  if (!(value instanceof Uint8Array)) return empty;
  try {
    return { ...empty, ...(JSON.parse(gunzipSync(value).toString('utf8')) as Partial<IndexContents>) };
  } catch {
    return empty;
  }
}
/** DynamoDB's item limit is 400 KB: past it the file dates are dropped (every file is then written again). */
const MAX_PACKED = 350_000;

/** Records this build as the one served for its index, unless a build that started later already is; false then. */
export async function claimServedIndex(state: IndexState, contents: IndexContents): Promise<boolean> {
  let packed = pack(contents);
  if (packed.length > MAX_PACKED) packed = pack({ ...contents, files: {} });
  return conditionalWrite(() =>
    ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key(state.name),
        UpdateExpression:
          'SET entity = :entity, #name = :name, started_at = :started, finished_at = :finished, since = :since, pages = :pages, files = :files, bytes = :bytes, written = :written, build_ms = :ms, contents = :contents',
        ConditionExpression: 'attribute_not_exists(pk) OR started_at < :started',
        ExpressionAttributeNames: { '#name': 'name' },
        ExpressionAttributeValues: {
          ':entity': 'search_index',
          ':name': state.name,
          ':started': state.started_at,
          ':finished': state.finished_at,
          ':since': state.since,
          ':pages': state.pages,
          ':files': state.files,
          ':bytes': state.bytes,
          ':written': state.written,
          ':ms': state.build_ms,
          ':contents': packed,
        },
      }),
    ),
  );
}

const toStored = (item: Record<string, unknown>): StoredIndex => ({ ...(item as unknown as IndexState), contents: unpack(item.contents) });

/** Every index served now, with what it holds. */
export async function servedIndexes(): Promise<StoredIndex[]> {
  return (await queryAll({ partition: PK, sortPrefix: PREFIX })).map(toStored);
}

/** The recent index's state (the local runtime builds the indexes when it is missing). */
export async function servedIndex(): Promise<IndexState | undefined> {
  const item = await getItem(key(SEARCH_RECENT_INDEX));
  if (!item) return undefined;
  const { contents: _contents, ...state } = toStored(item);
  return state;
}
