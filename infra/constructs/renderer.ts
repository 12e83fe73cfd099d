// The render function (RENDERER of lambdas/contexts.ts: lambdas/pages/render.ts): CloudFront's origin
// for every address without a file extension. CloudFront reaches it through a Function URL that only
// the distribution may call (AWS_IAM auth, origin access control; see site.ts). It renders the web
// app's own components, so its bundle carries React and reads the web build's index.html and Vite
// manifest from beside itself (lambdas/pages/document.ts).
import { Duration } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { contextNamed, RENDERER } from '../../lambdas/contexts';
import { environmentFor } from './permissions';
import { PortalFunction } from './portal-function';
import { readSettings, webDistDir } from './settings';

export interface RendererProps {
  table: dynamodb.ITable;
  /**
   * The portal's variables, of which it gets those its context declares. Nothing derived from the
   * site's distribution: the distribution has this function as its origin, so SITE_URL or
   * DISTRIBUTION_ID here would be a dependency cycle. It takes the site's origin from the request.
   */
  environment: Record<string, string>;
}

export class Renderer extends Construct {
  readonly function: PortalFunction;
  readonly url: lambda.FunctionUrl;

  constructor(scope: Construct, id: string, props: RendererProps) {
    super(scope, id);
    if (!RENDERER) throw new Error('No context of lambdas/contexts.ts declares a renderer: the site has no page origin');

    // The shell the pages are rendered into ships inside the bundle. Unlike the bucket (which keeps an
    // earlier build when there is none), a function without it could render nothing: stop the synth.
    const dist = webDistDir();
    if (!readSettings(this).skipBundling && !dist) {
      throw new Error(
        'The render function needs the web build (web/dist/index.html and its Vite manifest): run `npm run build` before `cdk synth`/`cdk deploy`, or synthesize with -c portal:skipBundling=true.',
      );
    }
    const manifest = dist && existsSync(join(dist, '.vite', 'manifest.json')) ? '.vite/manifest.json' : undefined;

    this.function = new PortalFunction(this, 'Function', {
      context: RENDERER.context,
      file: RENDERER.file,
      description: RENDERER.description,
      environment: environmentFor(contextNamed(RENDERER.context).environment, props.environment),
      // Rendering React is CPU-bound, and Lambda's CPU grows with memory. The render itself gives up
      // after 5 s (web/src/entry-server.tsx) and answers with the SPA shell.
      memorySize: 1024,
      timeout: Duration.seconds(10),
      bundling: {
        // The web modules import stylesheets (the lazy staff pages): the browser build has them.
        loader: { '.css': 'empty' },
        // React's production build: the development one checks and warns on every render, several times slower.
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        // esbuild reads tsconfig.json ("jsx": "react-jsx") for the .tsx files.
        commandHooks: {
          beforeBundling: () => [],
          beforeInstall: () => [],
          afterBundling: (inputDir: string, outputDir: string) => [
            `cp "${inputDir}/web/dist/index.html" "${outputDir}/index.html"`,
            ...(manifest ? [`cp "${inputDir}/web/dist/${manifest}" "${outputDir}/manifest.json"`] : []),
          ],
        },
      },
    });

    // Reads only: the anonymous views of published articles, cities, menus and authors. Not its
    // context's `permissions` either: CreateInvalidation is the purge worker's (and the
    // distribution's ARN here would be the same cycle as its domain).
    this.function.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['dynamodb:BatchGetItem', 'dynamodb:GetItem', 'dynamodb:Query'],
        resources: [props.table.tableArn, `${props.table.tableArn}/index/*`],
      }),
    );

    // BUFFERED: the renderer waits for the whole page anyway (crawlers and link previews need it
    // whole), and every page is cached at the edge, so streaming would gain readers nothing.
    this.url = this.function.fn.addFunctionUrl({
      authType: lambda.FunctionUrlAuthType.AWS_IAM,
      invokeMode: lambda.InvokeMode.BUFFERED,
    });
  }
}
