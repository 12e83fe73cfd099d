// The one logger of every Lambda: Powertools' JSON lines, as CloudWatch Logs Insights reads them.
// Service from POWERTOOLS_SERVICE_NAME (the bounded context); `logger.info(message, fields)` merges the
// fields into the line, errors included with their stack.
import { Logger } from '@aws-lambda-powertools/logger';
import type { LogLevel } from '@aws-lambda-powertools/logger/types';

// Powertools reads LOG_LEVEL from the environment in capitals only; given here, 'warn' works as well.
export const logger = new Logger({ logLevel: process.env.LOG_LEVEL as LogLevel | undefined });
