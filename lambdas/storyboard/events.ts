// Domain events of the storyboard context (EVENTS.md beside this file): a pauta given to someone,
// read from its item's change (created with an assignee, or its assignee changed).
import { z } from 'zod';
import { domainEvent, type ChangeMapper, type EventCatalogue } from '../platform/domain-events';
import { ENTITY, fromItem } from './items';

export const STORY_EVENTS = {
  StoryIdeaAssigned: {
    source: 'portal.storyboard',
    description: 'A pauta was assigned to a staff member (on creation or later).',
    detail: z.object({
      idea_id: z.string(),
      title: z.string(),
      assigned_to: z.string(),
      /** Who assigned it (no notification when someone takes a pauta themselves). */
      assigned_by: z.string(),
      /** When: with the idea and the assignee, what makes one assignment unique. */
      assigned_at: z.string(),
      priority: z.string(),
      deadline: z.string().nullable(),
    }),
  },
} as const satisfies EventCatalogue;

export const storyEvents: ChangeMapper = (change) => {
  const next = change.newImage;
  if (next?.entity !== ENTITY || change.eventName === 'REMOVE') return [];
  const idea = fromItem(next);
  const before = change.oldImage ? fromItem(change.oldImage) : undefined;
  if (!idea.assigned_to || (before && before.assigned_to === idea.assigned_to && before.assigned_at === idea.assigned_at)) return [];
  return [
    domainEvent(STORY_EVENTS, 'StoryIdeaAssigned', {
      idea_id: idea.id,
      title: idea.title,
      assigned_to: idea.assigned_to,
      assigned_by: idea.assigned_by ?? idea.created_by,
      assigned_at: idea.assigned_at ?? idea.created_at,
      priority: idea.priority,
      deadline: idea.deadline,
    }),
  ];
};
