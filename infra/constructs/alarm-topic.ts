// Where alarms reach a person: an SNS topic, with an e-mail subscription when `portal:alarmEmail` is set
// (AWS sends a confirmation e-mail first; nothing arrives until it is confirmed). One per region that
// has alarms: CloudWatch notifies only a topic of the alarm's own region.
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';

export class AlarmTopic extends Construct {
  readonly topic: sns.Topic;
  private readonly action: SnsAction;

  constructor(scope: Construct, id: string, props: { email?: string }) {
    super(scope, id);
    this.topic = new sns.Topic(this, 'Topic', { displayName: 'Portal Plural alarms', enforceSSL: true });
    if (props.email) this.topic.addSubscription(new subscriptions.EmailSubscription(props.email));
    this.action = new SnsAction(this.topic);
  }

  /** The alarm notifies when it fires and again when it is back to OK (so nobody chases a fixed one). */
  notify(alarm: cloudwatch.Alarm): cloudwatch.Alarm {
    alarm.addAlarmAction(this.action);
    alarm.addOkAction(this.action);
    return alarm;
  }
}
