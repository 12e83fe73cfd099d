// The daily job: the periods an article falls in and its recency boost are computed at the build, and
// what counts as recent moves with the months, so without publications they would drift. Rebuilds the
// recent index (and an archive year when a month leaves the recent one), which also rewrites the files
// that are getting old (the bucket expires index files nobody wrote for 14 days, infra/constructs/site.ts).
import middy from '@middy/core';
import type { ScheduledEvent } from 'aws-lambda';
import { observability } from '../platform/observability';
import { searchProvider } from './engine';
import type { SearchUpdate } from './provider';

export const handler = middy<ScheduledEvent, SearchUpdate>()
  .use(observability())
  .handler(async (event) => searchProvider.refresh(event.time ? new Date(event.time) : new Date()));
