// Reading tracking (spec section 9), apart from article-rules.ts: the page-view tracker of the public
// pages (web/src/features/audience/tracker.ts, run by the islands) needs only this.
export const READING = {
  minSecondsAtExit: 10,
  checkEverySeconds: 30,
  minSecondsAtCheck: 30,
  minScrollAtCheck: 25,
  maxScroll: 100,
  maxSeconds: 86_400,
} as const;
