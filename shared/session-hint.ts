// The one inline script of the pages (allowed by its hash in the Content-Security-Policy, see
// infra/security-headers.ts). It runs before the first paint and marks <html> when Amplify left a
// session in this browser, so a premium article's cached HTML (lead and paywall, the same for
// everyone) can hide the paywall at once for a reader who may turn out to be a subscriber: no
// paywall flash before React knows who reads. Keep it in step with hasStoredSession (web/src/auth/load.ts).
export const SESSION_HINT_CLASS = 'has-session';

export const SESSION_HINT_SCRIPT =
  "try{for(var i=0;i<localStorage.length;i++){var k=localStorage.key(i)||'';" +
  "if(k.indexOf('CognitoIdentityServiceProvider.')===0&&k.slice(-13)==='.LastAuthUser'){" +
  `document.documentElement.classList.add('${SESSION_HINT_CLASS}');break}}}catch(e){}`;
