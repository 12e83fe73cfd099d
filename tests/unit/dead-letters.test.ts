// The failure drill's list of DLQs comes from the contracts (one per pipeline, ingestion queue and
// scheduled job, and the outbox's), and its alarm rule is CloudWatch's: any visible message.
import { describe, expect, it } from 'vitest';
import { INGEST_QUEUES, PIPELINES, SCHEDULES } from '../../lambdas/contexts';
import { DEAD_LETTER_QUEUES, deadLetterQueueNamed } from '../../lambdas/operations/dead-letters';
import { DLQ_ALARM_THRESHOLD, dlqInAlarm } from '../../shared/operations';

describe('the dead-letter queues', () => {
  it('are one per pipeline, ingestion queue and job, and the outbox’s, each with its own name', () => {
    expect(DEAD_LETTER_QUEUES).toHaveLength(PIPELINES.length + INGEST_QUEUES.length + SCHEDULES.length + 1);
    expect(new Set(DEAD_LETTER_QUEUES.map((dlq) => dlq.queue)).size).toBe(DEAD_LETTER_QUEUES.length);
    expect(deadLetterQueueNamed('welcome-mail')).toEqual({ name: 'welcome-mail', context: 'mail', kind: 'pipeline', queue: 'portal-welcome-mail-dlq', source: 'portal-welcome-mail' });
    expect(deadLetterQueueNamed('outbox')).toMatchObject({ kind: 'outbox', source: null });
  });

  it('can be sent back only when their messages came from a queue', () => {
    for (const dlq of DEAD_LETTER_QUEUES) expect(dlq.source !== null, dlq.name).toBe(dlq.kind === 'pipeline' || dlq.kind === 'queue');
    for (const schedule of SCHEDULES) expect(deadLetterQueueNamed(schedule.name)).toMatchObject({ kind: 'job', source: null });
  });
});

describe('the alarm rule', () => {
  it('fires on the first visible message, as the CloudWatch alarm does', () => {
    expect(DLQ_ALARM_THRESHOLD).toBe(1);
    expect(dlqInAlarm(0)).toBe(false);
    expect(dlqInAlarm(1)).toBe(true);
    expect(dlqInAlarm(250)).toBe(true);
  });
});
