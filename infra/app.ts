// The CDK app (cdk.json runs it with tsx). cdk-nag's AWS Solutions checks run on every synth as a
// policy validation plugin: any finding stops the synth. The few findings we accept are listed, with
// reasons, in nag-acknowledgments.ts (and, for audit, in each resource's cdk_nag template metadata).
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { addPortal } from './portal';

const app = new App();
addPortal(app);
Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true, writeSuppressionsToCloudFormation: true }));
app.synth();
