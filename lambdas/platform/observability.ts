// What ties logs and metrics to each invocation: the Lambda request id and cold start on every log line,
// EMF metrics (namespace from POWERTOOLS_METRICS_NAMESPACE) flushed once per invocation, and the
// correlation id that follows one table change from the outbox publisher through every worker it feeds.
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import { logger } from './logger';

export { logger, MetricUnit };

/**
 * The key the outbox publisher adds to every event detail: the id of the table stream record that
 * caused the event, one per committed change. Workers set it as the logger's `correlation_id`.
 */
export const CORRELATION_KEY = 'correlation_id';

export const metrics = new Metrics({
  logger: {
    debug: (message: string) => logger.debug(message),
    info: (message: string) => logger.info(message),
    // Metrics warns at every flush that has nothing to send (most API requests): routine, so debug.
    warn: (message: string) => (message.startsWith('No application metrics') ? logger.debug(message) : logger.warn(message)),
    error: (message: string) => logger.error(message),
  },
});

/** The middlewares every handler's middy chain uses: `.use(observability())`. */
export function observability() {
  return [injectLambdaContext(logger, { resetKeys: true }), logMetrics(metrics, { captureColdStartMetric: true })];
}
