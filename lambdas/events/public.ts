// What other contexts may use of the events context: the events it emits (the page-purge and
// site-feeds workers consume them), and published events as anyone may read them, for the
// server-side render of the public pages and for the sitemap.
export { EVENT_EVENTS } from './events';
export { anonymousEvent, list as publicEventList, upcoming as upcomingEvents } from './service';
export { allPublished as publishedEvents } from './store';
// What a person's data export and account deletion read and erase here (privacy.ts).
export { personalData } from './privacy';
