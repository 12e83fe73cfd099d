// The single table: keys and indexes, read by the CDK stack and by the local runtime when it
// creates the table in DynamoDB Local. The entity and access-pattern charts are in lambdas/DATA.md.
export const TABLE_SCHEMA = {
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'expires_at',
  indexes: [
    { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  ],
} as const;
