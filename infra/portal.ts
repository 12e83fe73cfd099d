// The portal's three stacks, in deploy order: the edge firewall (us-east-1), PortalStack (the
// product, in `portal:region`) and the edge alarms (us-east-1). Cross-region references need explicit
// regions; the account stays the CLI's (environment-agnostic), so synth needs no AWS access.
import type { App } from 'aws-cdk-lib';
import { EdgeAlarmsStack } from './edge-alarms-stack';
import { EdgeFirewallStack } from './edge-firewall-stack';
import { EDGE_REGION, readSettings } from './constructs/settings';
import { acknowledge, edgeAlarmsAcknowledgments } from './nag-acknowledgments';
import { PortalStack } from './stack';

export interface Portal {
  firewall: EdgeFirewallStack;
  stack: PortalStack;
  edgeAlarms: EdgeAlarmsStack;
}

export function addPortal(app: App): Portal {
  const settings = readSettings(app);
  const firewall = new EdgeFirewallStack(app, 'PortalEdgeFirewall', {
    env: { region: EDGE_REGION },
    crossRegionReferences: true,
    description: 'Portal Plural: the edge firewall (AWS WAF web ACL of the CloudFront distribution)',
  });
  const stack = new PortalStack(app, 'PortalStack', {
    env: { region: settings.region },
    crossRegionReferences: true,
    description: 'Portal Plural: serverless news portal (web, API, data, events)',
    webAclArn: firewall.webAcl.attrArn,
  });
  const edgeAlarms = new EdgeAlarmsStack(app, 'PortalEdgeAlarms', {
    env: { region: EDGE_REGION },
    crossRegionReferences: true,
    description: 'Portal Plural: alarms on CloudFront (its metrics are only in us-east-1)',
    distribution: stack.site.distribution,
    alarmEmail: settings.alarmEmail,
  });
  acknowledge(edgeAlarmsAcknowledgments(edgeAlarms));
  return { firewall, stack, edgeAlarms };
}
