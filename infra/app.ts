// The CDK app (cdk.json runs it with tsx). cdk-nag's AWS Solutions checks run on every synth as a
// policy validation plugin: any finding stops the synth. The few findings we accept are listed, with
// reasons, in nag-acknowledgments.ts (and, for audit, in each resource's cdk_nag template metadata).
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { PortalStack } from './stack';

const app = new App();
new PortalStack(app, 'PortalStack', {
  description: 'Portal Plural: serverless news portal (web, API, data, events)',
});
Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true, writeSuppressionsToCloudFormation: true }));
app.synth();
