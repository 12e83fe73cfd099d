import { randomUUID } from 'node:crypto';
// Direct access to the test runtime's table, for what no route does yet (granting roles and
// subscriptions, backdating a publication) and for checks on items the API does not expose (SEO
// validations, reading history).
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { loadConfig } from '../../infra/local/config';
import { articleEntity, articlePk } from '../../lambdas/articles/article';
import { roleEntity } from '../../lambdas/users/store';
import { subscriptionItem } from '../../lambdas/payments/items';
import type { SubscriptionStatus } from '../../shared/payments';
import type { Role } from '../../shared/roles';

const TABLE = loadConfig([], {}).tableName;
// Test processes run on Node 20 like the local runtime; the SDK's notice is about later releases.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

export class PortalTable {
  /** The document client on the runtime's table, for the reads and writes a test spells out itself. */
  readonly client: DynamoDBDocumentClient;

  constructor(dynamodbPort: number) {
    this.client = DynamoDBDocumentClient.from(
      new DynamoDBClient({
        endpoint: `http://127.0.0.1:${dynamodbPort}`,
        region: 'us-east-1',
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      }),
    );
  }

  /**
   * The role item, as a master's assignment writes it. Granting `master` this way writes no
   * SYSTEM/MASTER marker: the system still counts as unclaimed for the master-claim tests.
   */
  async grantRole(userId: string, role: Role): Promise<void> {
    await this.client.send(new PutCommand({ TableName: TABLE, Item: roleEntity.toItem({ user_id: userId, role, assigned_by: userId, created_at: new Date().toISOString() }) }));
  }

  async revokeRole(userId: string, role: Role): Promise<void> {
    await this.client.send(new DeleteCommand({ TableName: TABLE, Key: roleEntity.key(userId, role) }));
  }

  /** The ids of the users holding a role (the role index). */
  async usersWithRole(role: Role): Promise<string[]> {
    const found = await this.client.send(
      new QueryCommand({ TableName: TABLE, IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': `ROLE#${role}` } }),
    );
    return (found.Items ?? []).map((item) => String(item.user_id));
  }

  /**
   * A card subscription paid until `endsAt` (a year from now by default), written as the payments
   * context writes it; a past date makes a lapsed one. For tests about reading, not about paying
   * (those go through the providers' sandbox).
   */
  async grantSubscription(userId: string, endsAt = new Date(Date.now() + 365 * 24 * 3600 * 1000), status: SubscriptionStatus = 'active'): Promise<void> {
    const start = new Date(endsAt.getTime() - 30 * 24 * 3600 * 1000).toISOString();
    const id = randomUUID();
    const item = subscriptionItem({
      id,
      user_id: userId,
      status,
      provider: 'stripe',
      method: 'card',
      product_id: 'premium',
      payment_provider_id: `sub_test_${id.slice(0, 8)}`,
      current_period_start: start,
      current_period_end: endsAt.toISOString(),
      cancel_at_period_end: status === 'cancelled',
      created_at: start,
      updated_at: start,
      email: `${userId}@teste.local`,
      full_name: 'Assinante de teste',
      customer_id: null,
      checkout_id: null,
      synced_at: start,
      last_charge_at: null,
      pending_payment: null,
    });
    await this.client.send(new PutCommand({ TableName: TABLE, Item: item }));
  }

  /**
   * Moves a published article's publication date back, through the entity's own item mapping (so the
   * published index moves too); the version stays, so no event follows.
   */
  async backdatePublication(articleId: string, publishedAt: Date): Promise<void> {
    const { Item } = await this.client.send(new GetCommand({ TableName: TABLE, Key: articleEntity.key(articleId), ConsistentRead: true }));
    if (!Item) throw new Error(`article ${articleId} not found`);
    const article = { ...articleEntity.fromItem(Item), published_at: publishedAt.toISOString() };
    await this.client.send(new PutCommand({ TableName: TABLE, Item: articleEntity.toItem(article) }));
  }

  /** Writes an item as it is (a state a test starts from, such as a limit's counter near its cap). */
  async put(item: Record<string, unknown>): Promise<void> {
    await this.client.send(new PutCommand({ TableName: TABLE, Item: item }));
  }

  /** The item stored at a key, read consistently (for index items no route shows). */
  async item(key: { pk: string; sk: string }): Promise<Record<string, unknown> | undefined> {
    return (await this.client.send(new GetCommand({ TableName: TABLE, Key: key, ConsistentRead: true }))).Item;
  }

  /** The stored SEO validations of an article (one item per validated version). */
  async seoValidations(articleId: string): Promise<Record<string, unknown>[]> {
    return this.query(articlePk(articleId), 'SEO#');
  }

  /** A user's stored reading history items. */
  async readings(userId: string): Promise<Record<string, unknown>[]> {
    return this.query(`READS#${userId}`, 'VISIT#');
  }

  /** Every item of a partition of the table or of an index (the access patterns keyed by someone). */
  async partition(pk: string, index?: 'gsi1' | 'gsi2'): Promise<Record<string, unknown>[]> {
    const key = index ? `${index}pk` : 'pk';
    const items: Record<string, unknown>[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await this.client.send(
        new QueryCommand({ TableName: TABLE, IndexName: index, KeyConditionExpression: '#key = :pk', ExpressionAttributeNames: { '#key': key }, ExpressionAttributeValues: { ':pk': pk }, ExclusiveStartKey: start }),
      );
      items.push(...(page.Items ?? []));
      start = page.LastEvaluatedKey;
    } while (start);
    return items;
  }

  /**
   * Every item any of whose keys (table or index) contains `text`: a test's own sweep of the whole
   * table, the check behind "nothing keyed by this user remains" (no request path ever scans).
   */
  async keyedBy(text: string): Promise<Record<string, unknown>[]> {
    const found: Record<string, unknown>[] = [];
    let start: Record<string, unknown> | undefined;
    const keys = ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'gsi3pk', 'gsi3sk'];
    do {
      const page = await this.client.send(
        new ScanCommand({
          TableName: TABLE,
          FilterExpression: keys.map((_, index) => `contains(#k${index}, :text)`).join(' OR '),
          ExpressionAttributeNames: Object.fromEntries(keys.map((key, index) => [`#k${index}`, key])),
          ExpressionAttributeValues: { ':text': text },
          ExclusiveStartKey: start,
        }),
      );
      found.push(...(page.Items ?? []));
      start = page.LastEvaluatedKey;
    } while (start);
    return found;
  }

  private async query(pk: string, skPrefix: string): Promise<Record<string, unknown>[]> {
    const result = await this.client.send(
      new QueryCommand({
        TableName: TABLE,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
        ConsistentRead: true,
      }),
    );
    return result.Items ?? [];
  }
}
