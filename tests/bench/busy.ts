// How busy the machine was while the bench measured: the share of all CPUs in use (/proc/stat), the
// CPU the local runtime's own process group used (its stand-ins, pollers, scheduled jobs and the
// DynamoDB Local JVM, from /proc/<pid>/stat), and the load average. Browser figures depend on it, so
// the report gives it beside them. Linux only; elsewhere every figure is null.
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { round } from './util';

/** Linux's clock ticks per second for /proc times (getconf CLK_TCK): 100 on every mainstream kernel. */
const TICKS_PER_SECOND = 100;

function machineTicks(): { busy: number; total: number } | null {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal
    const total = fields.slice(0, 8).reduce((sum, value) => sum + value, 0);
    return { busy: total - fields[3]! - fields[4]!, total };
  } catch {
    return null;
  }
}

/** CPU ticks (user + system) of every live process in the group; a process that ended meanwhile takes its ticks with it. */
function groupTicks(group: number): number | null {
  try {
    let ticks = 0;
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        // After the command's closing parenthesis: state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        if (Number(fields[2]) === group) ticks += Number(fields[11]) + Number(fields[12]);
      } catch {
        // The process ended while being read.
      }
    }
    return ticks;
  } catch {
    return null;
  }
}

export type Busy = ReturnType<ReturnType<typeof watchBusy>['stop']>;

/** Starts counting; `stop()` gives the figures of the time in between. */
export function watchBusy(runtimeGroup: number) {
  const started = Date.now();
  const machine = machineTicks();
  const runtime = groupTicks(runtimeGroup);
  const load = loadavg()[0]!;
  return {
    stop() {
      const seconds = (Date.now() - started) / 1000;
      const machineNow = machineTicks();
      const runtimeNow = groupTicks(runtimeGroup);
      return {
        seconds: round(seconds, 1),
        cpus: availableParallelism(),
        /** Share of all the machine's CPUs in use, by anything (other work on a shared machine included). */
        machine_busy_percent: machine && machineNow ? round(((machineNow.busy - machine.busy) / Math.max(1, machineNow.total - machine.total)) * 100) : null,
        /** The local runtime's processes, in percent of one CPU. */
        runtime_cpu_percent_of_one_cpu: runtime !== null && runtimeNow !== null && seconds > 0 ? round(((runtimeNow - runtime) / TICKS_PER_SECOND / seconds) * 100) : null,
        load_average_1m: { start: round(load, 2), end: round(loadavg()[0]!, 2) },
      };
    },
  };
}
