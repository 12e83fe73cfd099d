// One synthesized PortalStack per test file, with inline Lambda stubs (portal:skipBundling) so the
// suites do not depend on esbuild; `npx cdk synth` covers the real bundles.
import { App } from 'aws-cdk-lib';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cdkJsonContext } from '../../infra/constructs/settings';
import { PortalStack } from '../../infra/stack';

export function synthStack(prefix: string): { app: App; stack: PortalStack; assemblyDir: string; cleanup: () => void } {
  const assemblyDir = mkdtempSync(join(tmpdir(), prefix));
  const app = new App({ outdir: assemblyDir, context: { ...cdkJsonContext(), 'portal:skipBundling': true } });
  const stack = new PortalStack(app, 'PortalStack');
  return { app, stack, assemblyDir, cleanup: () => rmSync(assemblyDir, { recursive: true, force: true }) };
}
