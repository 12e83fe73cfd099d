// What other contexts may use of the storyboard context: the events it emits (the notifications
// worker tells an assignee of their pauta).
export { STORY_EVENTS } from './events';
