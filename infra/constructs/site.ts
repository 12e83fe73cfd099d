// One origin for the browser: CloudFront sends every address without a file extension (the pages) to
// the render function, every file (the web build, config.json, and the sitemaps, RSS feeds and
// robots.txt the feeds worker writes) to a private bucket, /api/* to the HTTP API and /media/* to the
// media bucket (keys stored under media/, so no path rewriting).
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { RuntimeConfig } from '../../shared/api-types';
import { PRIVATE_BUCKET } from './access-logs';
import { webDistDir } from './settings';
import { contentSecurityPolicy, SECURITY_HEADERS } from '../security-headers';
import { VIEWER_ADDRESS_HEADER, VIEWER_HOST_HEADER } from '../../lambdas/platform/contract';
import { PAGE_QUERY_KEYS } from '../../lambdas/pages/contract';
import { SEARCH_INDEX_PATH, SEARCH_INDEX_PREFIX } from '../../shared/search';

/** Days after which a search index file no rebuild wrote again is deleted (the daily rebuild rewrites every live one). */
export const SEARCH_INDEX_FILE_DAYS = 14;

export interface SiteProps {
  /** Google Publisher Tag allowed by the CSP (settings `portal:ads`). */
  ads?: boolean;
  /** Domain of the HTTP API's execute-api endpoint. */
  apiDomain: string;
  mediaBucket: s3.IBucket;
  logBucket: s3.IBucket;
  /** Served as /config.json and read by the web app at start. */
  runtimeConfig: RuntimeConfig;
  /** The render function's URL (infra/constructs/renderer.ts): the origin of the pages. */
  pagesUrl: lambda.IFunctionUrl;
  /** Other origins the page connects to (the WebSocket API of live updates). */
  connectSources?: readonly string[];
  /** The edge firewall's web ACL (WAF, scope CLOUDFRONT). */
  webAclArn: string;
}

// The host the reader asked for, for the render function's canonical and Open Graph addresses: its own
// Host header is its Function URL's, and it cannot be told the distribution's domain (see stack.ts).
// Set at the edge, so no client can claim another; CloudFront answers only for its own domain names.
const VIEWER_HOST = `
function handler(event) {
  event.request.headers['${VIEWER_HOST_HEADER}'] = { value: event.request.headers.host.value };
  return event.request;
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
  /** The hashed bundles under assets/, when there is a web build. */
  readonly assetsDeployment?: s3deploy.BucketDeployment;
  /** The cache policy of the rendered pages. */
  readonly pageCachePolicy: cloudfront.CachePolicy;

  constructor(scope: Construct, id: string, props: SiteProps) {
    super(scope, id);

    this.bucket = new s3.Bucket(this, 'Bucket', {
      ...PRIVATE_BUCKET,
      serverAccessLogsBucket: props.logBucket,
      serverAccessLogsPrefix: 's3/site/',
      removalPolicy: RemovalPolicy.RETAIN,
      // The search indexes' live files are written again at least every 7 days (the daily job rebuilds
      // any index whose files are a week old), so what has not been written for two weeks belongs to no
      // index a reader can still hold: old builds go.
      lifecycleRules: [{ id: 'OldSearchIndexFiles', prefix: SEARCH_INDEX_PREFIX, expiration: Duration.days(SEARCH_INDEX_FILE_DAYS) }],
    });

    const region = Stack.of(this).region;
    const securityHeaders = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Portal Plural security headers',
      securityHeadersBehavior: {
        // Amplify talks to Cognito; presigned uploads go straight to S3.
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy([`https://cognito-idp.${region}.amazonaws.com`, 'https://*.amazonaws.com', ...(props.connectSources ?? [])], {
            ads: props.ads,
          }),
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
    const viewerHost = new cloudfront.Function(this, 'ViewerHost', {
      comment: 'Pass the viewer host to the render function',
      code: cloudfront.FunctionCode.fromInline(VIEWER_HOST),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    });

    // Pages are the same for everyone (always the anonymous version; the browser adds the reader's own
    // parts), so the cache key is the path and the query parameters that change a page, nothing else:
    // no cookies, no headers. How long is the origin's Cache-Control (s-maxage with
    // stale-while-revalidate and stale-if-error, lambdas/pages/contract.ts); without one, not cached.
    this.pageCachePolicy = new cloudfront.CachePolicy(this, 'PageCache', {
      comment: 'Rendered pages: path and page query parameters; TTL from the origin',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.days(365),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.allowList(...PAGE_QUERY_KEYS),
      headerBehavior: cloudfront.CacheHeaderBehavior.none(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    // Only the viewer host reaches the function besides the cache key (the Host header must stay the
    // Function URL's, which origin access control signs).
    const pageRequest = new cloudfront.OriginRequestPolicy(this, 'PageRequest', {
      comment: 'Rendered pages: the viewer host, nothing else beyond the cache key',
      headerBehavior: cloudfront.OriginRequestHeaderBehavior.allowList(VIEWER_HOST_HEADER),
      queryStringBehavior: cloudfront.OriginRequestQueryStringBehavior.none(),
      cookieBehavior: cloudfront.OriginRequestCookieBehavior.none(),
    });
    const siteOrigin = origins.S3BucketOrigin.withOriginAccessControl(this.bucket);

    const viewerAddress = new cloudfront.Function(this, 'ViewerAddress', {
      comment: 'Pass the viewer address to the API',
      code: cloudfront.FunctionCode.fromInline(VIEWER_ADDRESS),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    });

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Portal Plural',
      webAclId: props.webAclArn,
      // South America's edge locations are only in the "all" price class.
      priceClass: cloudfront.PriceClass.PRICE_CLASS_ALL,
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      enableLogging: true,
      logBucket: props.logBucket,
      logFilePrefix: 'cloudfront/',
      // Every address without a file extension ('/', '/article/x', '/campinas-sp/x', '/author/x',
      // '/dashboard'…): the render function, which answers the SPA shell for what it does not render.
      defaultBehavior: {
        origin: origins.FunctionUrlOrigin.withOriginAccessControl(props.pagesUrl),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        compress: true,
        cachePolicy: this.pageCachePolicy,
        originRequestPolicy: pageRequest,
        responseHeadersPolicy: securityHeaders,
        functionAssociations: [{ function: viewerHost, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
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
        // The search index (lambdas/search): each file's own Cache-Control decides, and the query
        // string is left out of the key, so Pagefind's `pagefind-entry.json?ts=…` is cached its minute
        // like the rest (its index files are named by their hash, cached for a year).
        [`${SEARCH_INDEX_PATH}*`]: {
          origin: siteOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          compress: true,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: securityHeaders,
        },
        // Any path with a dot is a file of the site bucket: /assets/* (immutable for a year),
        // /config.json and index.html (revalidated), /robots.txt, /sitemap*.xml, /rss*.xml, icons.
        // Their own Cache-Control decides how long (set at deploy, or by the feeds worker).
        '*.*': {
          origin: siteOrigin,
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
    this.assetsDeployment = hashed
      ? new s3deploy.BucketDeployment(this, 'DeployAssets', {
          destinationBucket: this.bucket,
          destinationKeyPrefix: 'assets/',
          sources: [s3deploy.Source.asset(hashed)],
          cacheControl: [s3deploy.CacheControl.fromString('public, max-age=31536000, immutable')],
          prune: false,
          memoryLimit: 512,
        })
      : undefined;
    // Last, it empties the whole cache: the rendered pages name the build's hashed bundles. (The
    // manifest in .vite/ is the render function's, which carries its own copy.)
    this.configDeployment = new s3deploy.BucketDeployment(this, 'DeployShell', {
      destinationBucket: this.bucket,
      sources: [
        s3deploy.Source.jsonData('config.json', props.runtimeConfig),
        ...(dist ? [s3deploy.Source.asset(dist, { exclude: ['assets', '.vite'] })] : []),
      ],
      cacheControl: [s3deploy.CacheControl.noCache()],
      prune: false,
      memoryLimit: 512,
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });
    if (this.assetsDeployment) this.configDeployment.node.addDependency(this.assetsDeployment);
  }

  get url(): string {
    return `https://${this.distribution.distributionDomainName}`;
  }
}
