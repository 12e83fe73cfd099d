// The portal's e-mail on SES: the sender's domain as a verified identity (Easy DKIM), and the
// configuration set every send names, which suppresses addresses that bounced or complained and puts
// SES's sending events (sent, delivered, bounced, complained) on the account's default event bus,
// the only bus SES can target, where workers with `bus: 'default'` pick them up.
import { Stack } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as ses from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';

export interface MailProps {
  /** The bare sender address; its domain is the identity. */
  fromAddress: string;
}

export class Mail extends Construct {
  readonly identity: ses.EmailIdentity;
  readonly configurationSet: ses.ConfigurationSet;
  /** The configuration set's ARN: SES v2 authorizes a send against it as well as against the identity. */
  readonly configurationSetArn: string;

  constructor(scope: Construct, id: string, props: MailProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const domain = props.fromAddress.split('@')[1];
    if (!domain) throw new Error(`The mail sender ${props.fromAddress} has no domain to verify with SES`);

    this.configurationSet = new ses.ConfigurationSet(this, 'ConfigurationSet', {
      configurationSetName: `${stack.stackName}-mail`,
      reputationMetrics: true,
      suppressionReasons: ses.SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });
    this.configurationSet.addEventDestination('DefaultBus', {
      destination: ses.EventDestination.eventBus(events.EventBus.fromEventBusName(this, 'DefaultBus', 'default')),
      events: [ses.EmailSendingEvent.SEND, ses.EmailSendingEvent.DELIVERY, ses.EmailSendingEvent.BOUNCE, ses.EmailSendingEvent.COMPLAINT],
    });
    this.configurationSetArn = stack.formatArn({ service: 'ses', resource: 'configuration-set', resourceName: this.configurationSet.configurationSetName });

    // Easy DKIM: the stack outputs the three CNAME records to publish in the domain's DNS.
    this.identity = new ses.EmailIdentity(this, 'Identity', {
      identity: ses.Identity.domain(domain),
      // A send that names no configuration set still gets this one's suppression and events.
      configurationSet: this.configurationSet,
    });
  }
}
