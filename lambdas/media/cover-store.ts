// The cover item: one per confirmed cover, `MEDIA#<key>` / `COVER`. Confirming inserts it, and that
// insert is what the outbox turns into CoverConfirmed (events.ts): the table stream is this
// portal's only way out to the bus, so the fact "this cover was confirmed" lives in the table like
// every other fact. The cover-variants worker then adds the original's size and the WebP widths it
// wrote, which article saves copy onto the article (public.ts), so cards offer them at no cost.
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CoverType } from '../../shared/articles';
import { ddb } from '../platform/clients';
import { conditionalWrite, getItem, tableName, type Item, type Key } from '../platform/dynamo';

export interface ConfirmedCover {
  /** The original's key in the media bucket: media/<userId>/<timestamp>.<ext> */
  key: string;
  user_id: string;
  content_type: CoverType;
  confirmed_at: string;
}

export interface CoverVariants {
  width: number;
  height: number;
  /** Widths of the WebP variants written (shared/cover-variants.ts names them). */
  variants: number[];
  variants_at: string;
}

export const coverEntity = {
  key: (key: string): Key => ({ pk: `MEDIA#${key}`, sk: 'COVER' }),
  toItem: (cover: ConfirmedCover): Item => ({ ...coverEntity.key(cover.key), entity: 'cover', ...cover }),
  variantsOf: (item: Item | undefined): number[] =>
    Array.isArray(item?.variants) ? (item.variants as unknown[]).filter((width): width is number => typeof width === 'number') : [],
};

/** Records a confirmed cover once: a confirm retried after a partial failure inserts nothing twice (no second event). */
export async function recordConfirmedCover(cover: ConfirmedCover): Promise<boolean> {
  return conditionalWrite(() =>
    ddb().send(new PutCommand({ TableName: tableName(), Item: coverEntity.toItem(cover), ConditionExpression: 'attribute_not_exists(pk)' })),
  );
}

/** The widths written for a cover (a redelivery writes the same values again); false when the cover item is gone. */
export async function recordCoverVariants(key: string, result: CoverVariants): Promise<boolean> {
  return conditionalWrite(() =>
    ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: coverEntity.key(key),
        // Names through placeholders: DynamoDB reserves many plain words.
        UpdateExpression: 'SET #width = :width, #height = :height, #variants = :variants, #at = :at',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#width': 'width', '#height': 'height', '#variants': 'variants', '#at': 'variants_at' },
        ExpressionAttributeValues: { ':width': result.width, ':height': result.height, ':variants': result.variants, ':at': result.variants_at },
      }),
    ),
  );
}

/** The WebP widths that exist for a cover key ([] while the worker has not written them). */
export async function storedCoverVariants(key: string): Promise<number[]> {
  return coverEntity.variantsOf(await getItem(coverEntity.key(key)));
}
