// AWS SDK clients, created once per Lambda container. Endpoints come from the SDK's own
// AWS_ENDPOINT_URL_<SERVICE> variables, which the local runtime points at the stand-ins.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { CloudFrontClient } from '@aws-sdk/client-cloudfront';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { S3Client } from '@aws-sdk/client-s3';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SQSClient } from '@aws-sdk/client-sqs';
import { recordDynamoOperation } from './request-metrics';

let documentClient: DynamoDBDocumentClient | undefined;
let cognitoClient: CognitoIdentityProviderClient | undefined;
let eventBridgeClient: EventBridgeClient | undefined;
let s3Client: S3Client | undefined;
let cloudFrontClient: CloudFrontClient | undefined;
let sqsClient: SQSClient | undefined;
let secretsClient: SecretsManagerClient | undefined;

export function ddb(): DynamoDBDocumentClient {
  if (documentClient) return documentClient;
  documentClient = DynamoDBDocumentClient.from(new DynamoDBClient({}), {
    marshallOptions: { removeUndefinedValues: true },
  });
  // Notes each command once (retries happen further down the stack); only the local gateway reads it.
  documentClient.middlewareStack.add(
    (next, context) => (args) => {
      recordDynamoOperation(context.commandName ?? 'UnknownCommand');
      return next(args);
    },
    { step: 'initialize', name: 'requestMetrics' },
  );
  return documentClient;
}

export function cognito(): CognitoIdentityProviderClient {
  cognitoClient ??= new CognitoIdentityProviderClient({});
  return cognitoClient;
}

export function eventBridge(): EventBridgeClient {
  eventBridgeClient ??= new EventBridgeClient({});
  return eventBridgeClient;
}

export function s3(): S3Client {
  // Local S3 (s3rver) ignores checksums; asking for them only when required keeps both worlds working.
  s3Client ??= new S3Client({ forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED' });
  return s3Client;
}

export function cloudFront(): CloudFrontClient {
  cloudFrontClient ??= new CloudFrontClient({});
  return cloudFrontClient;
}

export function sqs(): SQSClient {
  sqsClient ??= new SQSClient({});
  return sqsClient;
}

/** For secrets a function writes or reads on demand; those read on every request come through middy (secrets.ts). */
export function secretsManager(): SecretsManagerClient {
  secretsClient ??= new SecretsManagerClient({});
  return secretsClient;
}
