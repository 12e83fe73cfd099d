// The private images bucket: presigned PUTs land under uploads/, checked images are copied to media/,
// which CloudFront serves under /media/*.
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { PRIVATE_BUCKET } from './access-logs';

// Media keys live under media/, so CloudFront's /media/* path maps to them unchanged; presigned uploads
// land under uploads/ until the API has checked them, and are never served.
export { MEDIA_KEY_PREFIX, UPLOAD_KEY_PREFIX } from '../../lambdas/media/contract';
import { IMPORT_PREFIX } from '../../lambdas/imports/items';
import { EXPORT_PREFIX } from '../../lambdas/privacy/items';
import { PRIVACY_LIMITS } from '../../shared/privacy';
import { UPLOAD_KEY_PREFIX } from '../../lambdas/media/contract';

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
        // Uploads never confirmed (or refused) are not content: gone after a day, old versions too.
        { prefix: UPLOAD_KEY_PREFIX, expiration: Duration.days(1), noncurrentVersionExpiration: Duration.days(1) },
        // Import files and their chunks are working copies: a week to look at a session, then gone.
        { prefix: IMPORT_PREFIX, expiration: Duration.days(7), noncurrentVersionExpiration: Duration.days(1) },
        // A copy of a person's data (Meus dados) lasts as long as its link may be asked for, no longer.
        { prefix: EXPORT_PREFIX, expiration: Duration.days(PRIVACY_LIMITS.exportDays), noncurrentVersionExpiration: Duration.days(1) },
      ],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    // CloudFront's origin access may read the whole bucket; unchecked uploads stay out of its reach.
    this.bucket.addToResourcePolicy(
      new iam.PolicyStatement({
        effect: iam.Effect.DENY,
        principals: [new iam.ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        resources: [this.bucket.arnForObjects(`${UPLOAD_KEY_PREFIX}*`)],
      }),
    );
  }
}
