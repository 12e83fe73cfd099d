// The storyboard context: Pautas, the newsroom's story ideas (authors, editors and masters list,
// create, move and assign them). It emits StoryIdeaAssigned (EVENTS.md), from which the
// notifications context tells the assignee.
import { storyArticleSchema, storyIdeaCreateSchema, storyIdeaUpdateSchema, storyListQuerySchema } from '../../shared/storyboard';
import { defineContext, onlyFor } from '../platform/contract';
import { STORY_EVENTS, storyEvents } from './events';
import { STORY_MESSAGES } from '../../shared/storyboard';

// Who may use the gated routes (the permission matrix in shared/roles.ts, with this context's own refusal).
const staff = onlyFor('storyboard.access', STORY_MESSAGES.forbidden);

export const contract = defineContext({
  name: 'storyboard',
  routes: {
    'GET /api/storyboard/ideas': { auth: 'required', requires: staff, query: storyListQuerySchema },
    'POST /api/storyboard/ideas': { auth: 'required', requires: staff, body: storyIdeaCreateSchema },
    'PATCH /api/storyboard/ideas/{id}': { auth: 'required', requires: staff, body: storyIdeaUpdateSchema },
    'PUT /api/storyboard/ideas/{id}/article': { auth: 'required', requires: staff, body: storyArticleSchema },
    'GET /api/storyboard/staff': { auth: 'required', requires: staff },
  },
  emits: { catalogue: STORY_EVENTS, changes: storyEvents },
  workers: [],
  permissions: [],
  environment: ['TABLE_NAME'],
});
