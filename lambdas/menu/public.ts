// What other contexts may use of the menu context: the home's active items, and the event its changes
// emit (the page-purge worker empties the cached home on it).
export { activeMenu } from './store';
export { MENU_EVENTS } from './events';
