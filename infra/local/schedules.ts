// The contexts' scheduled jobs, played locally as EventBridge schedule rules play them on AWS: each
// handler gets a scheduled event at its cron time (UTC). The EventBridge stand-in also runs one on
// request (POST /schedules/<name>, with an optional { "time" }), so tests need not wait for a day.
import { randomUUID } from 'node:crypto';
import type { ScheduledEvent } from 'aws-lambda';
import type { Schedule } from '../../lambdas/contexts';
import type { LocalConfig } from './config';

export type ScheduledHandler = (event: ScheduledEvent) => Promise<unknown>;

export interface LocalSchedules {
  run(name: string, time?: string): Promise<unknown>;
  stop(): void;
}

/** The next time after `now` that a cron of a minute and an hour (UTC) fires. */
export function nextRun(cron: Schedule['cron'], now: Date): Date {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), Number(cron.hour), Number(cron.minute)));
  if (next.getTime() <= now.getTime()) next.setUTCDate(next.getUTCDate() + 1);
  return next;
}

export function startSchedules(config: LocalConfig, schedules: readonly (Schedule & { handler: ScheduledHandler })[]): LocalSchedules {
  const timers = new Set<NodeJS.Timeout>();
  const invoke = (schedule: Schedule & { handler: ScheduledHandler }, time: string) =>
    schedule.handler({
      version: '0',
      id: randomUUID(),
      'detail-type': 'Scheduled Event',
      source: 'aws.events',
      account: config.accountId,
      time,
      region: config.region,
      resources: [`arn:aws:events:${config.region}:${config.accountId}:rule/portal-${schedule.name}`],
      detail: {},
    });
  const arm = (schedule: Schedule & { handler: ScheduledHandler }) => {
    const at = nextRun(schedule.cron, new Date());
    const timer = setTimeout(() => {
      timers.delete(timer);
      invoke(schedule, at.toISOString()).catch((error: unknown) => console.error(`[${schedule.name}] ${(error as Error).message}`));
      arm(schedule);
    }, at.getTime() - Date.now());
    timer.unref();
    timers.add(timer);
  };
  schedules.forEach(arm);
  return {
    run: async (name, time = new Date().toISOString()) => {
      const schedule = schedules.find((candidate) => candidate.name === name);
      if (!schedule) throw new Error(`no schedule ${name}`);
      return invoke(schedule, time);
    },
    stop: () => timers.forEach((timer) => clearTimeout(timer)),
  };
}
