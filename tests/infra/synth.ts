// One synthesized PortalStack per test file, with inline Lambda stubs (portal:skipBundling) so the
// suites do not depend on esbuild; `npx cdk synth` covers the real bundles.
import { App } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
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

export type Resource = { Type: string; Properties: Record<string, unknown>; DeletionPolicy?: string; UpdateReplacePolicy?: string };
export type Statement = { Action: string | string[]; Resource: unknown; Effect: string };
type Construct = { node: { defaultChild?: unknown } };

/**
 * How the suites read a synthesized stack: its resources of a type, a construct's logical id, the
 * statements of a role's policies and a function's environment. Given the file's stack and template
 * as functions, since they are made in its beforeAll.
 */
export function templateReaders(stack: () => PortalStack, template: () => Template) {
  const resourcesOf = (type: string): Record<string, Resource> => template().findResources(type) as Record<string, Resource>;
  const logicalIdOf = (construct: Construct): string => stack().resolve((construct.node.defaultChild as { logicalId: string }).logicalId) as string;
  const statementsOf = (role: Construct): Statement[] =>
    Object.values(resourcesOf('AWS::IAM::Policy'))
      .filter((policy) => JSON.stringify(policy.Properties.Roles).includes(logicalIdOf(role)))
      .flatMap((policy) => (policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
  const variablesOf = (fn: { fn: Construct }) =>
    (resourcesOf('AWS::Lambda::Function')[logicalIdOf(fn.fn)]!.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
  return { resourcesOf, logicalIdOf, statementsOf, variablesOf };
}
