// cdk-nag's AWS Solutions pack over a fresh PortalStack: no finding may be left unacknowledged, and
// every acknowledgment carries a real reason. cdk-nag 3 is a CDK policy-validation plugin (not an
// aspect): `validateScope` runs the same rules the app runs on `cdk synth`.
import { Validations } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../infra/constructs/settings';
import { nagAcknowledgments } from '../../infra/nag-acknowledgments';
import type { PortalStack } from '../../infra/stack';
import { synthStack } from './synth';

type Report = ReturnType<AwsSolutionsChecks['validateScope']>;

let stack: PortalStack;
let report: Report;
/** The edge stacks' reports (us-east-1: the firewall and the CloudFront alarm). */
let edgeReports: Report[];
let cleanup: () => void;

beforeAll(() => {
  const synth = synthStack('portal-nag-');
  ({ stack, cleanup } = synth);
  // Checked once the app is synthesized, as `cdk synth` checks it: by then a nested stack's policies
  // name the root's resources through its parameters, and their acknowledgments must say so.
  synth.app.synth();
  // The stack's construct tree, nested stacks included.
  report = new AwsSolutionsChecks(synth.app, { verbose: true }).validateScope(stack);
  edgeReports = [synth.portal.firewall, synth.portal.edgeAlarms].map((edge) => new AwsSolutionsChecks(synth.app, { verbose: true }).validateScope(edge));
});
afterAll(() => cleanup());

const findings = (severity: string): string[] =>
  report.violations
    .filter((violation) => violation.severity === severity)
    .map((violation) => `${violation.ruleName} at ${violation.violatingResources.map((r) => r.constructPath).join(', ')}`);

/** Every acknowledgment recorded on the construct tree: Validations.of(x).acknowledge(...). */
function recordedAcknowledgments(): { path: string; id: string; reason: string }[] {
  return stack.node.findAll().flatMap((construct) =>
    construct.node.metadata
      .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((entry) =>
        Object.entries(entry.data as Record<string, string>).map(([id, reason]) => ({ path: construct.node.path, id, reason })),
      ),
  );
}

describe('cdk-nag AWS Solutions checks', () => {
  it('leaves no unacknowledged error', () => {
    expect(findings('error')).toEqual([]);
  });

  it('leaves nothing unacknowledged in the edge stacks either', () => {
    for (const edge of edgeReports) {
      expect(edge.violations.map((violation) => `${violation.ruleName} at ${violation.violatingResources.map((r) => r.constructPath).join(', ')}`)).toEqual([]);
      expect(edge.success).toBe(true);
    }
  });

  it('leaves no unacknowledged warning', () => {
    expect(findings('warning')).toEqual([]);
    expect(report.success).toBe(true);
  });

  it('raises no AwsSolutions or CDK annotations (errors or warnings) on the stack', () => {
    const annotations = Annotations.fromStack(stack);
    expect(annotations.findError('*', Match.stringLikeRegexp('AwsSolutions-.*'))).toEqual([]);
    expect(annotations.findWarning('*', Match.stringLikeRegexp('AwsSolutions-.*'))).toEqual([]);
    expect(annotations.findError('*', Match.anyValue())).toEqual([]);
    expect(annotations.findWarning('*', Match.anyValue())).toEqual([]);
  });

  it('gives every acknowledgment a reason of at least 20 characters', () => {
    const recorded = recordedAcknowledgments();
    expect(recorded.length).toBeGreaterThan(0);
    for (const { path, id, reason } of recorded) {
      expect(reason.trim().length, `${id} on ${path}`).toBeGreaterThanOrEqual(20);
    }
  });

  it('checks the workers’ nested stack too, acknowledging its findings where they are', () => {
    const nested = `${stack.workers.node.path}/`;
    const recorded = recordedAcknowledgments().filter(({ path }) => path.startsWith(nested));
    expect(recorded.length).toBeGreaterThan(0);
    // A worker's grant on the table's indexes names the table through the nested stack's parameter.
    expect(recorded.some(({ id }) => /AwsSolutions-IAM5\[Resource::<referenceto\w+Arn>\/index\/\*\]$/.test(id))).toBe(true);
  });

  it('acknowledges only AWS Solutions findings, each by its rule id, from the one list', () => {
    const listed = new Set(nagAcknowledgments(stack).flatMap((ack) => ack.ids));
    for (const { path, id } of recordedAcknowledgments()) {
      const ruleId = id.replace(/^[^:]+::/, ''); // CDK records ids under a plugin namespace
      expect(ruleId, path).toMatch(/^AwsSolutions-[A-Z]+\d+(\[.+\])?$/);
      expect(listed.has(ruleId), `${ruleId} on ${path} is not in nag-acknowledgments.ts`).toBe(true);
    }
  });
});

describe('cdk synth', () => {
  let outdir: string;
  beforeAll(() => {
    outdir = mkdtempSync(join(tmpdir(), 'portal-synth-'));
  });
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  it('synthesizes the app offline with the AWS Solutions checks as a validation plugin', () => {
    // Inline Lambda stubs keep this fast; a real `npx cdk synth` also bundles with esbuild.
    execFileSync(
      join(REPO_ROOT, 'node_modules', '.bin', 'cdk'),
      ['synth', '--quiet', '--no-notices', '-c', 'portal:skipBundling=true', '-o', outdir],
      { cwd: REPO_ROOT, stdio: 'pipe', env: { ...process.env, CDK_DISABLE_CLI_TELEMETRY: 'true' } },
    );
    const template = readFileSync(join(outdir, 'PortalStack.template.json'), 'utf8');
    // The acknowledgments are copied into the template for audit.
    expect(template).toContain('"cdk_nag"');
    expect(template).toContain('AwsSolutions-CFR4');
    // The workers' nested stack (and its monitoring stack) are templates of their own, with their acknowledgments too.
    const nested = readdirSync(outdir).filter((file) => file.endsWith('.nested.template.json'));
    expect(nested).toHaveLength(2);
    const workers = readFileSync(join(outdir, nested.find((file) => !file.includes('Monitoring'))!), 'utf8');
    expect(readFileSync(join(outdir, nested.find((file) => file.includes('Monitoring'))!), 'utf8')).toContain('AwsSolutions-SNS2');
    // The edge stacks, in us-east-1.
    expect(readFileSync(join(outdir, 'PortalEdgeFirewall.template.json'), 'utf8')).toContain('"Scope": "CLOUDFRONT"');
    expect(readFileSync(join(outdir, 'PortalEdgeAlarms.template.json'), 'utf8')).toContain('5xxErrorRate');
    expect(workers).toContain('"cdk_nag"');
    expect(workers).toContain('AwsSolutions-SQS3');
  });
});
