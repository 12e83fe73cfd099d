// One origin for the browser: CloudFront serves the web build from a private bucket (with the sitemaps,
// RSS feeds and robots.txt the feeds worker writes there), /api/* from the HTTP API and /media/* from
// the media bucket (keys stored under media/, so no path rewriting).
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { RuntimeConfig } from '../../shared/api-types';
import { PRIVATE_BUCKET } from './access-logs';
import { webDistDir } from './settings';
import { contentSecurityPolicy, SECURITY_HEADERS } from '../security-headers';
import { VIEWER_ADDRESS_HEADER } from '../../lambdas/platform/contract';

export interface SiteProps {
  /** Domain of the HTTP API's execute-api endpoint. */
  apiDomain: string;
  mediaBucket: s3.IBucket;
  logBucket: s3.IBucket;
  /** Served as /config.json and read by the web app at start. */
  runtimeConfig: RuntimeConfig;
}

// Paths without a file extension are the React app's routes: serve index.html for them (so
// /sitemap.xml, /rss/<city>.xml and /robots.txt reach the bucket as they are). Done in a
// viewer-request function rather than with 403/404 error responses, which would also replace the
// API's and the media bucket's own 403/404 answers.
const SPA_REWRITE = `
function handler(event) {
  var request = event.request;
  var last = request.uri.split('/').pop();
  if (last.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;

// The reader's address for the API (one view per visitor): set at the edge, so no client can claim another.
const VIEWER_ADDRESS = `
function handler(event) {
  event.request.headers['${VIEWER_ADDRESS_HEADER}'] = { value: event.viewer.ip };
  return event.request;
}`;

export class Site extends Construct {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  readonly configDeployment: s3deploy.BucketDeployment;

  constructor(scope: Construct, id: string, props: SiteProps) {
    super(scope, id);

    this.bucket = new s3.Bucket(this, 'Bucket', {
      ...PRIVATE_BUCKET,
      serverAccessLogsBucket: props.logBucket,
      serverAccessLogsPrefix: 's3/site/',
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const region = Stack.of(this).region;
    const securityHeaders = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Portal Plural security headers',
      securityHeadersBehavior: {
        // Amplify talks to Cognito; presigned uploads go straight to S3.
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy([`https://cognito-idp.${region}.amazonaws.com`, 'https://*.amazonaws.com']),
          override: true,
        },
        strictTransportSecurity: { accessControlMaxAge: Duration.seconds(SECURITY_HEADERS.hstsMaxAgeSeconds), includeSubdomains: true, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: SECURITY_HEADERS.frameOptions as cloudfront.HeadersFrameOption, override: true },
        referrerPolicy: { referrerPolicy: SECURITY_HEADERS.referrerPolicy as cloudfront.HeadersReferrerPolicy, override: true },
        xssProtection: { protection: true, modeBlock: true, override: true },
      },
      customHeadersBehavior: {
        customHeaders: [{ header: 'Permissions-Policy', value: SECURITY_HEADERS.permissionsPolicy, override: true }],
      },
    });
    const spaRewrite = new cloudfront.Function(this, 'SpaRewrite', {
      comment: 'Serve index.html for the React routes',
      code: cloudfront.FunctionCode.fromInline(SPA_REWRITE),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    });

    const viewerAddress = new cloudfront.Function(this, 'ViewerAddress', {
      comment: 'Pass the viewer address to the API',
      code: cloudfront.FunctionCode.fromInline(VIEWER_ADDRESS),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    });

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Portal Plural',
      defaultRootObject: 'index.html',
      // South America's edge locations are only in the "all" price class.
      priceClass: cloudfront.PriceClass.PRICE_CLASS_ALL,
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      enableLogging: true,
      logBucket: props.logBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        compress: true,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        functionAssociations: [{ function: spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        // Never cached: answers depend on the caller (premium bodies, /me).
        '/api/*': {
          origin: new origins.HttpOrigin(props.apiDomain, {
            protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
          }),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders,
          functionAssociations: [{ function: viewerAddress, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
        },
        '/media/*': {
          origin: origins.S3BucketOrigin.withOriginAccessControl(props.mediaBucket),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          compress: true,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: securityHeaders,
        },
      },
    });

    // Vite's hashed bundles under assets/ never change; everything else (index.html, public/ files,
    // config.json) is revalidated on every load. Without a web build only config.json is deployed, and
    // nothing is pruned, so an earlier build stays in place.
    const dist = webDistDir();
    const hashed = dist && existsSync(join(dist, 'assets')) ? join(dist, 'assets') : undefined;
    const assets = hashed
      ? new s3deploy.BucketDeployment(this, 'DeployAssets', {
          destinationBucket: this.bucket,
          destinationKeyPrefix: 'assets/',
          sources: [s3deploy.Source.asset(hashed)],
          cacheControl: [s3deploy.CacheControl.fromString('public, max-age=31536000, immutable')],
          prune: false,
          memoryLimit: 512,
        })
      : undefined;
    this.configDeployment = new s3deploy.BucketDeployment(this, 'DeployShell', {
      destinationBucket: this.bucket,
      sources: [
        s3deploy.Source.jsonData('config.json', props.runtimeConfig),
        ...(dist ? [s3deploy.Source.asset(dist, { exclude: ['assets'] })] : []),
      ],
      cacheControl: [s3deploy.CacheControl.noCache()],
      prune: false,
      memoryLimit: 512,
    });
    if (assets) this.configDeployment.node.addDependency(assets);
  }

  get url(): string {
    return `https://${this.distribution.distributionDomainName}`;
  }
}
