// The daily rebuild: the periods an article falls in and its recency boost are computed at the build,
// so without publications they would drift; also rewrites every live file, which keeps them clear of
// the bucket's expiry of old index files (infra/constructs/site.ts).
import middy from '@middy/core';
import type { ScheduledEvent } from 'aws-lambda';
import { observability } from '../platform/observability';
import { rebuildSearchIndex, type RebuildResult } from './rebuild';

export const handler = middy<ScheduledEvent, RebuildResult>()
  .use(observability())
  .handler(async (event) => rebuildSearchIndex(event.time ? new Date(event.time) : new Date()));
