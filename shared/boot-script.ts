// The one inline script of the pages (allowed by its hash in the Content-Security-Policy, see
// infra/security-headers.ts). It runs in <head>, before the first paint, and does three things:
//
// 1. It marks <html> when Amplify left a session in this browser, so a premium article's cached HTML
//    (lead and paywall, the same for everyone) can hide the paywall at once for a reader who may turn
//    out to be a subscriber: no paywall flash before React knows who reads. Keep it in step with
//    hasStoredSession (web/src/auth/load.ts).
// 2. On a server-rendered page (lambdas/pages/document.ts names the entry script and the page's chunks
//    in data attributes of <html> instead of script tags) it starts the app: for an anonymous reader
//    once the page has loaded and the frame after it is drawn, so on a slow phone connection the text, the stylesheet and the cover get
//    the whole bandwidth before the JavaScript that only makes the page interactive; at once (when the
//    document is parsed) for a browser with a session, whose header and premium body wait on the app.
// 3. With a session, it marks <html> when the last check found a Premium subscriber (the hint the app
//    keeps, web/src/auth/premium.ts), so the stylesheet hides the ad slots before the first paint.
// The same text on every build: its hash never changes.
export const SESSION_HINT_CLASS = 'has-session';
/** On <html>: the entry module to start. */
export const ENTRY_ATTRIBUTE = 'data-entry';
/** On <html>: the page's chunks, space-separated, fetched together with the entry. */
export const MODULES_ATTRIBUTE = 'data-modules';
/** localStorage: '1' when the last check of this browser's reader found an active subscription. */
export const PREMIUM_HINT_KEY = 'portal.premium';
/** On <html>: set from that hint; the stylesheet hides .ad-slot under it. */
export const PREMIUM_ATTRIBUTE = 'data-premium';

export const BOOT_SCRIPT =
  '(function(){var d=document,h=d.documentElement,s=!1;' +
  "try{for(var i=0;i<localStorage.length;i++){var k=localStorage.key(i)||'';" +
  "if(k.indexOf('CognitoIdentityServiceProvider.')===0&&k.slice(-13)==='.LastAuthUser'){" +
  `h.classList.add('${SESSION_HINT_CLASS}');s=!0;break}}` +
  `if(s&&localStorage.getItem('${PREMIUM_HINT_KEY}')==='1')h.setAttribute('${PREMIUM_ATTRIBUTE}','')}catch(e){}` +
  `var m=h.getAttribute('${ENTRY_ATTRIBUTE}');` +
  'if(m){var go=function(){' +
  `(h.getAttribute('${MODULES_ATTRIBUTE}')||'').split(' ').forEach(function(f){if(f){var l=d.createElement('link');l.rel='modulepreload';l.href=f;d.head.appendChild(l)}});` +
  "var t=d.createElement('script');t.type='module';t.src=m;d.head.appendChild(t)};" +
  "if(s)d.addEventListener('DOMContentLoaded',go);else addEventListener('load',function(){requestAnimationFrame(function(){setTimeout(go)})})}})()";
