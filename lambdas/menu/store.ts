// The secondary menu's items: one partition (MENU), an item per entry (ITEM#<id>). Small by nature
// (a bar of links), so reading it is one Query of the partition.
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { MenuItem } from '../../shared/api-types';
import type { AdminMenuItem } from '../../shared/menu';
import { auditPut, type AuditInput } from '../audit/public';
import { ddb } from '../platform/clients';
import { getItem, queryAll, tableName, type Item } from '../platform/dynamo';

const MENU_PK = 'MENU';
export const menuKey = (id: string) => ({ pk: MENU_PK, sk: `ITEM#${id}` });

const fromItem = (item: Item): AdminMenuItem => ({
  id: String(item.id),
  label: String(item.label),
  url: String(item.url),
  is_active: item.is_active !== false,
  display_order: Number(item.display_order ?? 0),
});

/** Every item, in display order (then by label, for items sharing an order). */
export async function allItems(): Promise<AdminMenuItem[]> {
  const items = (await queryAll({ partition: MENU_PK })).map(fromItem);
  return items.sort((a, b) => a.display_order - b.display_order || a.label.localeCompare(b.label));
}

/** The home's menu bar: the active items, in display order. */
export async function activeMenu(): Promise<MenuItem[]> {
  return (await allItems()).filter((item) => item.is_active).map(({ is_active: _active, ...item }) => item);
}

/** One item, or undefined when there is none. */
export async function getMenuItem(id: string): Promise<AdminMenuItem | undefined> {
  const item = await getItem(menuKey(id), true);
  return item ? fromItem(item) : undefined;
}

/** Creates (`mustExist` false) or replaces (`mustExist` true: a 404 when it is gone) an item, with its audit entry. */
export async function putItem(item: AdminMenuItem, mustExist: boolean, audit: AuditInput): Promise<void> {
  await ddb().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: tableName(),
            Item: { ...menuKey(item.id), entity: 'menu_item', ...item, updated_at: new Date().toISOString() },
            ConditionExpression: mustExist ? 'attribute_exists(pk)' : 'attribute_not_exists(pk)',
          },
        },
        auditPut(audit),
      ],
    }),
  );
}

/** Deletes an item with its audit entry. */
export async function deleteItem(id: string, audit: AuditInput): Promise<void> {
  await ddb().send(
    new TransactWriteCommand({
      TransactItems: [{ Delete: { TableName: tableName(), Key: menuKey(id), ConditionExpression: 'attribute_exists(pk)' } }, auditPut(audit)],
    }),
  );
}
