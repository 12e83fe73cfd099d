// Alarms on what only us-east-1 sees: CloudFront publishes its metrics there alone, and an alarm must
// sit in its metric's region (with a topic of its own region). Deployed after PortalStack, whose
// distribution it names through a cross-region reference.
import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type { Construct } from 'constructs';
import { AlarmTopic } from './constructs/alarm-topic';

export interface EdgeAlarmsStackProps extends StackProps {
  distribution: cloudfront.Distribution;
  alarmEmail?: string;
}

/** The 5xx share of the viewers' requests that pages someone, once there are enough requests to judge. */
export const CLOUDFRONT_5XX = { percent: 5, minimumRequests: 100 } as const;

export class EdgeAlarmsStack extends Stack {
  readonly alarms: AlarmTopic;
  readonly cloudFront5xx: cloudwatch.Alarm;

  constructor(scope: Construct, id: string, props: EdgeAlarmsStackProps) {
    super(scope, id, props);
    this.alarms = new AlarmTopic(this, 'Alarms', { email: props.alarmEmail });
    const period = Duration.minutes(5);
    const rate = new cloudwatch.MathExpression({
      expression: `IF(requests >= ${CLOUDFRONT_5XX.minimumRequests}, errorRate, 0)`,
      usingMetrics: {
        requests: props.distribution.metricRequests({ period, statistic: 'Sum' }),
        errorRate: props.distribution.metric5xxErrorRate({ period, statistic: 'Average' }),
      },
      label: '5xx (% of requests)',
      period,
    });
    this.cloudFront5xx = this.alarms.notify(
      rate.createAlarm(this, 'CloudFront5xxRate', {
        alarmDescription: `reading: over ${CLOUDFRONT_5XX.percent}% of the site's responses are 5xx (10 of the last 15 minutes, with at least ${CLOUDFRONT_5XX.minimumRequests} requests in 5). First: the render function's and the HTTP API's alarms in the main region; the distribution's origin errors.`,
        threshold: CLOUDFRONT_5XX.percent,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 3,
        datapointsToAlarm: 2,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }),
    );
  }
}
