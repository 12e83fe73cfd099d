// The storyboard context: Pautas, the newsroom's story ideas (authors, editors and masters list,
// create, move and assign them). It emits StoryIdeaAssigned (EVENTS.md), from which the
// notifications context tells the assignee.
import { storyArticleSchema, storyIdeaCreateSchema, storyIdeaUpdateSchema, storyListQuerySchema } from '../../shared/storyboard';
import { defineContext } from '../platform/contract';
import { STORY_EVENTS, storyEvents } from './events';

export const contract = defineContext({
  name: 'storyboard',
  routes: {
    'GET /api/storyboard/ideas': { auth: 'required', query: storyListQuerySchema },
    'POST /api/storyboard/ideas': { auth: 'required', body: storyIdeaCreateSchema },
    'PATCH /api/storyboard/ideas/{id}': { auth: 'required', body: storyIdeaUpdateSchema },
    'PUT /api/storyboard/ideas/{id}/article': { auth: 'required', body: storyArticleSchema },
    'GET /api/storyboard/staff': { auth: 'required' },
  },
  emits: { catalogue: STORY_EVENTS, changes: storyEvents },
  workers: [],
  permissions: [],
  environment: ['TABLE_NAME'],
});
