// The one inline script of the pages (allowed by its hash in the Content-Security-Policy, see
// infra/security-headers.ts). It runs in <head>, before the first paint, and does three things:
//
// 1. It marks <html> when Amplify left a session in this browser, so a premium article's cached HTML
//    (lead and paywall, the same for everyone) can hide the paywall at once for a reader who may turn
//    out to be a subscriber: no paywall flash before the premium island knows who reads. Keep it in
//    step with hasStoredSession (web/src/auth/load.ts).
// 2. On a server-rendered page (lambdas/pages/document.ts names the scripts in data attributes of
//    <html> instead of script tags) it starts either the islands (web/src/islands/boot.ts: the small
//    modules that make the page interactive) or, on a page marked data-app and only for a browser with
//    a session, the React application; a member of the newsroom (the hint below) gets the app on every
//    rendered page, for the staff's tools there (edit, delete, notifications). For an anonymous reader it
//    waits until the page has loaded and
//    the frame after it is drawn, so on a slow phone connection the text, the stylesheet and the cover
//    get the whole bandwidth first; a browser with a session starts at once (when the document is
//    parsed): its header and a subscriber's premium body wait on it.
// 3. With a session, it marks <html> when the last check found a Premium subscriber (the hint kept in
//    localStorage, web/src/auth/premium.ts), so the stylesheet hides the ad slots before the first paint.
// 4. Where the islands run and this browser has no consent choice on the current text, it marks <html>
//    so the consent banner the document carries (web/src/islands/lib/consent-banner-markup.ts) is
//    painted with the page.
// 5. Where the islands run, a tap on a button or a form sent inside a marked part before the islands'
//    entry has loaded is held (window[EARLY_TAP_KEY]) and starts the entry at once; the entry replays it
//    once that part's island is ready. Without it, a reader's first tap on a slow phone did nothing.
// The same text on every build (it changes with the consent text's version): its hash is in the CSP.
import { CONSENT_STORAGE_KEY, CONSENT_VERSION } from './consent-rules';

export const SESSION_HINT_CLASS = 'has-session';
/** On <html>: the entry module to start. */
export const ENTRY_ATTRIBUTE = 'data-entry';
/** On <html>: the islands' entry module (web/src/islands/boot.ts in the build). */
export const ISLANDS_ATTRIBUTE = 'data-islands';
/** On <html>: the page needs the React application for a reader with a session (a 404 the staff may open). */
export const APP_ATTRIBUTE = 'data-app';
/** On <html>: set by the islands' entry once every island of the page is mounted. */
export const ISLANDS_READY_ATTRIBUTE = 'data-islands-ready';
/** On <html>: the app's chunks, space-separated, fetched together with its entry. */
export const MODULES_ATTRIBUTE = 'data-modules';
/** localStorage: '1' when the last check of this browser's reader found an active subscription. */
export const PREMIUM_HINT_KEY = 'portal.premium';
/** On <html>: set from that hint; the stylesheet hides .ad-slot under it. */
export const PREMIUM_ATTRIBUTE = 'data-premium';
/** localStorage: '1' when the last check found a member of the newsroom (author, editor, master). */
export const STAFF_HINT_KEY = 'portal.staff';
/** On <html>: no consent choice on the current text; the stylesheet shows the document's banner. */
export const CONSENT_NEEDED_CLASS = 'consent-needed';
/** On window: the tap held before the islands' entry loaded (`control`) and the listener that held it (`listener`). */
export const EARLY_TAP_KEY = '__portalEarlyTap';
export interface EarlyTap {
  control: Element | null;
  listener: (event: Event) => void;
}

export const BOOT_SCRIPT =
  '(function(){var d=document,h=d.documentElement,s=!1,f=!1;' +
  "try{for(var i=0;i<localStorage.length;i++){var k=localStorage.key(i)||'';" +
  "if(k.indexOf('CognitoIdentityServiceProvider.')===0&&k.slice(-13)==='.LastAuthUser'){" +
  `h.classList.add('${SESSION_HINT_CLASS}');s=!0;break}}` +
  `if(s&&localStorage.getItem('${PREMIUM_HINT_KEY}')==='1')h.setAttribute('${PREMIUM_ATTRIBUTE}','');` +
  `f=s&&localStorage.getItem('${STAFF_HINT_KEY}')==='1'}catch(e){}` +
  `var a=s&&(f||h.hasAttribute('${APP_ATTRIBUTE}')),m=h.getAttribute(a?'${ENTRY_ATTRIBUTE}':'${ISLANDS_ATTRIBUTE}');` +
  `if(m&&!a){var c=null;try{c=JSON.parse(localStorage.getItem('${CONSENT_STORAGE_KEY}')||'null')}catch(e){}` +
  `if(!c||c.version!=='${CONSENT_VERSION}'||typeof c.ads!=='boolean')h.classList.add('${CONSENT_NEEDED_CLASS}')}` +
  'if(m){var g=!1,go=function(){if(g)return;g=!0;' +
  `if(a)(h.getAttribute('${MODULES_ATTRIBUTE}')||'').split(' ').forEach(function(f){if(f){var l=d.createElement('link');l.rel='modulepreload';l.href=f;d.head.appendChild(l)}});` +
  "var t=d.createElement('script');t.type='module';t.src=m;d.head.appendChild(t)};" +
  `if(!a){var q=window.${EARLY_TAP_KEY}={control:null,listener:function(v){var t=v.target,c=t&&t.closest?t.closest(v.type==='submit'?'form':'button,[role="button"]'):null;` +
  "if(!c||!c.closest('[data-island]'))return;v.preventDefault();v.stopImmediatePropagation();q.control=c;go()}};" +
  "d.addEventListener('click',q.listener,!0);d.addEventListener('submit',q.listener,!0)}" +
  "if(s)d.addEventListener('DOMContentLoaded',go);else addEventListener('load',function(){requestAnimationFrame(function(){setTimeout(go)})})}})()";
