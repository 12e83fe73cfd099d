// One synthesized PortalStack per test file, with inline Lambda stubs (portal:skipBundling) so the
// suites do not depend on esbuild; `npx cdk synth` covers the real bundles.
import { App, type CfnElement, NestedStack, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cdkJsonContext } from '../../infra/constructs/settings';
import { addPortal, type Portal } from '../../infra/portal';
import type { PortalStack } from '../../infra/stack';

/** The region the suites synthesize PortalStack for (the app's default; the edge stacks are in us-east-1). */
export const TEST_REGION = 'sa-east-1';

/** The app as infra/app.ts builds it (the edge stacks too); `context` adds or overrides context values. */
export function synthStack(
  prefix: string,
  context: Record<string, unknown> = {},
): { app: App; stack: PortalStack; portal: Portal; assemblyDir: string; cleanup: () => void } {
  const assemblyDir = mkdtempSync(join(tmpdir(), prefix));
  const app = new App({ outdir: assemblyDir, context: { ...cdkJsonContext(), 'portal:skipBundling': true, 'portal:region': TEST_REGION, ...context } });
  const portal = addPortal(app);
  return { app, stack: portal.stack, portal, assemblyDir, cleanup: () => rmSync(assemblyDir, { recursive: true, force: true }) };
}

export type Resource = { Type: string; Properties: Record<string, unknown>; DeletionPolicy?: string; UpdateReplacePolicy?: string };
export type Statement = { Action: string | string[]; Resource: unknown; Effect: string };
type Construct = { node: { defaultChild?: unknown } };
type TemplateJson = {
  Resources: Record<string, Resource>;
  Parameters?: Record<string, unknown>;
  Outputs?: Record<string, unknown>;
  Conditions?: Record<string, unknown>;
  [section: string]: unknown;
};

/** The nested stacks whose parent is `stack` (the workers' one, in PortalStack). */
export function nestedStacksOf(stack: Stack): NestedStack[] {
  return stack.node.findAll().filter((c): c is NestedStack => NestedStack.isNestedStack(c) && c.nestedStackParent === stack);
}

/** The template of `stack` and of every stack nested in it, root first, each as CloudFormation gets it. */
export function stackTemplates(stack: Stack): { stack: Stack; template: Template }[] {
  return [{ stack, template: Template.fromStack(stack) }, ...nestedStacksOf(stack).flatMap((nested) => stackTemplates(nested))];
}

/** The logical id of a construct's resource in its own stack (the root's or a nested stack's). */
export function logicalIdIn(construct: Construct): string {
  const element = construct.node.defaultChild as CfnElement;
  return Stack.of(element).resolve(element.logicalId) as string;
}

/** Replaces every { Ref: <parameter> } of a nested template with the value its parent passes. */
function bindParameters(value: unknown, values: Record<string, unknown>): unknown {
  if (Array.isArray(value)) return value.map((item) => bindParameters(item, values));
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value);
  if (entries.length === 1 && entries[0]![0] === 'Ref' && typeof entries[0]![1] === 'string' && entries[0]![1] in values) return values[entries[0]![1]];
  return Object.fromEntries(entries.map(([key, item]) => [key, bindParameters(item, values)]));
}

/** `stack`'s template with the resources of its nested stacks (and theirs) bound to its own, as above. */
function inlineNested(stack: Stack): TemplateJson {
  const own = Template.fromStack(stack).toJSON() as TemplateJson;
  const resources = { ...own.Resources };
  const conditions = { ...own.Conditions };
  for (const nested of nestedStacksOf(stack)) {
    const stackResourceId = stack.resolve(nested.nestedStackResource!.logicalId) as string;
    const values = (resources[stackResourceId]!.Properties.Parameters ?? {}) as Record<string, unknown>;
    const template = inlineNested(nested);
    const parameters = Object.keys(template.Parameters ?? {});
    const unset = parameters.filter((name) => !(name in values));
    if (unset.length) throw new Error(`${nested.node.path}: parameters its parent does not pass: ${unset.join(', ')}`);
    const bound = bindParameters({ Resources: template.Resources, Conditions: template.Conditions ?? {} }, values) as Pick<TemplateJson, 'Resources' | 'Conditions'>;
    const left = parameters.filter((name) => JSON.stringify(bound).includes(`\${${name}}`));
    if (left.length) throw new Error(`${nested.node.path}: parameters used in Fn::Sub, not bound here: ${left.join(', ')}`);
    for (const [section, target] of [[bound.Resources, resources], [bound.Conditions ?? {}, conditions]] as const) {
      for (const [id, entry] of Object.entries(section)) {
        if (id in target) throw new Error(`${nested.node.path}: logical id ${id} is also its parent's`);
        (target as Record<string, unknown>)[id] = entry;
      }
    }
  }
  return { ...own, Resources: resources, ...(Object.keys(conditions).length ? { Conditions: conditions } : {}) };
}

/**
 * The whole portal as one template, for assertions on what it deploys wherever it sits: the root
 * template with the resources of every nested stack in it (their logical ids are their own stack's,
 * as logicalIdOf gives them), each parameter of a nested stack replaced by the value the root passes
 * it, as CloudFormation does on deploy. So a worker's policy on the table reads
 * { 'Fn::GetAtt': [<the root's table>, 'Arn'] }, which also checks that the parameter is wired to
 * that table. The root's outputs only. Fails on a parameter the root leaves unset, or a logical id
 * in two stacks. Per-stack templates (resource counts, what the root names): stackTemplates.
 */
export function portalTemplate(stack: Stack): Template {
  return Template.fromJSON(inlineNested(stack));
}

/**
 * How the suites read a synthesized stack: its resources of a type, a construct's logical id, the
 * statements of a role's policies and a function's environment. Given the file's stack and template
 * (portalTemplate: the root's and the nested stacks' resources) as functions, since they are made in
 * its beforeAll.
 */
export function templateReaders(stack: () => PortalStack, template: () => Template) {
  const resourcesOf = (type: string): Record<string, Resource> => template().findResources(type) as Record<string, Resource>;
  // Resolved in the construct's own stack (a worker's id is the nested stack's), which must be the
  // file's stack or one nested in it.
  const logicalIdOf = (construct: Construct): string => {
    const element = construct.node.defaultChild as CfnElement;
    let owner: Stack | undefined = Stack.of(element);
    while (owner && owner !== stack()) owner = owner.nestedStackParent;
    if (!owner) throw new Error(`${element.node.path} is not in the stack under test`);
    return logicalIdIn(construct);
  };
  const statementsOf = (role: Construct): Statement[] =>
    Object.values(resourcesOf('AWS::IAM::Policy'))
      .filter((policy) => JSON.stringify(policy.Properties.Roles).includes(logicalIdOf(role)))
      .flatMap((policy) => (policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
  const variablesOf = (fn: { fn: Construct }) =>
    (resourcesOf('AWS::Lambda::Function')[logicalIdOf(fn.fn)]!.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
  return { resourcesOf, logicalIdOf, statementsOf, variablesOf };
}
