// One Lambda of the portal: Node.js 22 on arm64, ESM bundle built by local esbuild, X-Ray tracing,
// its own log group and a role that may write only to that log group (no managed policy).
import { Duration } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { join } from 'node:path';
import type { ContextName } from '../../lambdas/contexts';
import { lambdaEntry, readSettings, REPO_ROOT } from './settings';

export interface PortalFunctionProps {
  /** lambdas/<context>/<file>.ts exporting `handler`: a context of lambdas/contexts.ts, or the outbox. */
  context: ContextName | 'outbox';
  file: string;
  description: string;
  environment: Record<string, string>;
  /** @default 10 seconds */
  timeout?: Duration;
  /** @default 512 */
  memorySize?: number;
  /**
   * Packages with native binaries (sharp): left out of the bundle and installed beside it from the
   * lock file, for Lambda's linux-arm64 whatever machine synthesizes.
   */
  nodeModules?: readonly string[];
  /** esbuild loaders for non-code imports, and files to put beside the bundle (the render function's web shell). */
  bundling?: Pick<BundlingOptions, 'loader' | 'commandHooks' | 'define'>;
}

// esbuild's ESM output has no `require`; some dependencies still call it.
const ESM_REQUIRE_BANNER = "import { createRequire } from 'module'; const require = createRequire(import.meta.url);";

/**
 * npm's own settings for the `npm ci` that installs `nodeModules` in the asset: pick the optional
 * packages built for the function's platform (sharp's @img/sharp-linux-arm64 and its libvips), not
 * for this machine's (https://sharp.pixelplumbing.com/install#cross-platform; npm 10.3+ for libc).
 */
export const LAMBDA_NPM_PLATFORM = { npm_config_os: 'linux', npm_config_cpu: 'arm64', npm_config_libc: 'glibc' } as const;

export class PortalFunction extends Construct {
  readonly fn: lambda.Function;
  readonly role: iam.Role;
  readonly logGroup: logs.LogGroup;
  readonly entry: string;
  readonly context: ContextName | 'outbox';

  constructor(scope: Construct, id: string, props: PortalFunctionProps) {
    super(scope, id);
    this.context = props.context;
    this.entry = lambdaEntry(props.context, props.file);
    this.logGroup = new logs.LogGroup(this, 'Logs', { retention: logs.RetentionDays.ONE_MONTH });
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Runs ${props.context}/${props.file}`,
    });
    this.logGroup.grantWrite(this.role);

    const common = {
      description: props.description,
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      tracing: lambda.Tracing.ACTIVE,
      logGroup: this.logGroup,
      role: this.role,
      environment: {
        ...props.environment,
        NODE_OPTIONS: '--enable-source-maps',
        // Powertools (lambdas/platform/observability.ts): logs and metrics name the bounded context.
        POWERTOOLS_SERVICE_NAME: props.context,
        POWERTOOLS_METRICS_NAMESPACE: 'PortalPlural',
      },
    } satisfies Partial<lambda.FunctionProps>;

    this.fn = readSettings(this).skipBundling
      ? new lambda.Function(this, 'Handler', {
          ...common,
          code: lambda.Code.fromInline('exports.handler = async () => ({});'),
          handler: 'index.handler',
        })
      : new NodejsFunction(this, 'Handler', {
          ...common,
          entry: this.entry,
          handler: 'handler',
          projectRoot: REPO_ROOT,
          depsLockFilePath: join(REPO_ROOT, 'package-lock.json'),
          bundling: {
            format: OutputFormat.ESM,
            target: 'node22',
            mainFields: ['module', 'main'],
            banner: ESM_REQUIRE_BANNER,
            minify: true,
            sourceMap: true,
            sourcesContent: false,
            // Bundle the AWS SDK too: the versions the local runtime tests are the ones deployed.
            externalModules: [],
            forceDockerBundling: false,
            ...(props.nodeModules?.length ? { nodeModules: [...props.nodeModules], environment: { ...LAMBDA_NPM_PLATFORM } } : {}),
            ...props.bundling,
          },
        });
  }
}
