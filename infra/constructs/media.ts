// The private images bucket, served by CloudFront under /media/* and written by presigned PUTs.
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { PRIVATE_BUCKET } from './access-logs';

/** Media keys live under this prefix, so CloudFront's /media/* path maps to them unchanged. */
export const MEDIA_KEY_PREFIX = 'media/';

export interface MediaProps {
  logBucket: s3.IBucket;
  /** Origins allowed to PUT presigned uploads from the browser. */
  uploadOrigins: string[];
}

export class Media extends Construct {
  readonly bucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: MediaProps) {
    super(scope, id);
    this.bucket = new s3.Bucket(this, 'Bucket', {
      ...PRIVATE_BUCKET,
      // Authors' images are content: keep overwritten or deleted versions for a while.
      versioned: true,
      serverAccessLogsBucket: props.logBucket,
      serverAccessLogsPrefix: 's3/media/',
      cors: [
        {
          allowedMethods: [s3.HttpMethods.PUT],
          allowedOrigins: props.uploadOrigins,
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag'],
          maxAge: 3000,
        },
      ],
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
        { noncurrentVersionExpiration: Duration.days(30) },
      ],
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }
}
