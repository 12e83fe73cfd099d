// The search index's one item: which build the site serves and what it held. Two builds may run at
// once (a burst of events and the daily job); the later one to start wins, so an older snapshot
// never replaces a newer one.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../platform/clients';
import { conditionalWrite, getItem, tableName } from '../platform/dynamo';

const KEY = { pk: 'SEARCH#INDEX', sk: 'STATE' } as const;

export interface IndexState {
  /** When the build began reading the table (ISO): it holds every change committed before. */
  started_at: string;
  finished_at: string;
  pages: number;
  files: number;
  bytes: number;
  build_ms: number;
}

/** Records this build as the one served, unless a build that started later already is; false then. */
export async function claimServedIndex(state: IndexState): Promise<boolean> {
  return conditionalWrite(() =>
    ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: KEY,
        UpdateExpression: 'SET entity = :entity, started_at = :started, finished_at = :finished, pages = :pages, files = :files, bytes = :bytes, build_ms = :ms',
        ConditionExpression: 'attribute_not_exists(pk) OR started_at < :started',
        ExpressionAttributeValues: {
          ':entity': 'search_index',
          ':started': state.started_at,
          ':finished': state.finished_at,
          ':pages': state.pages,
          ':files': state.files,
          ':bytes': state.bytes,
          ':ms': state.build_ms,
        },
      }),
    ),
  );
}

export async function servedIndex(): Promise<IndexState | undefined> {
  return (await getItem(KEY)) as IndexState | undefined;
}
