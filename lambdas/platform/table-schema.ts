// The single table: keys and indexes, read by the CDK stack and by the local runtime when it
// creates the table in DynamoDB Local. The entity and access-pattern charts are in lambdas/DATA.md.
export const TABLE_SCHEMA = {
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'expires_at',
  // `include`: the attributes an index copies besides the keys (null: every attribute).
  indexes: [
    { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk', include: null },
    { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk', include: null },
    // The admin list of articles (lambdas/articles/article.ts): only a row's fields, so each article
    // costs its index one write unit, and a page of the list reads ~0.3 KB an article, not the body.
    {
      name: 'gsi3',
      partitionKey: 'gsi3pk',
      sortKey: 'gsi3sk',
      include: ['entity', 'id', 'title', 'search_title', 'slug', 'location_path', 'author_id', 'status', 'visibility', 'created_at', 'published_at', 'updated_at', 'version'],
    },
  ],
} as const;
