// The security headers of every response, defined once: CloudFront's response headers policy (infra/
// constructs/site.ts) and the local gateway (infra/local/gateway.ts) both apply them, so the e2e suite
// runs the app under the same Content-Security-Policy as production.
import { createHash } from 'node:crypto';
import { BOOT_SCRIPT } from '../shared/boot-script';

/** The CSP source admitting the pages' one inline script (shared/boot-script.ts) and nothing else inline. */
export const BOOT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;

/**
 * What Google Publisher Tag needs when ads are switched on (deploy setting `portal:ads`, PORTAL_ADS=1
 * locally): its script hosts, the cross-domain SafeFrames every creative renders in (the tag forces
 * them), and its ad requests. Google supports only a nonce-based strict CSP and may move hosts, but
 * our pages are cached at the edge, where a nonce would be the same for everyone: an allowlist,
 * off by default, is the honest trade.
 */
export const AD_TAG_SOURCES = {
  script: ['https://securepubads.g.doubleclick.net', 'https://pagead2.googlesyndication.com', 'https://tpc.googlesyndication.com'],
  frame: ['https://*.safeframe.googlesyndication.com', 'https://tpc.googlesyndication.com', 'https://googleads.g.doubleclick.net'],
  connect: ['https://securepubads.g.doubleclick.net', 'https://pagead2.googlesyndication.com'],
} as const;

/** Where the page may connect besides itself: Cognito and presigned S3 uploads on AWS, the stand-ins locally. */
export function contentSecurityPolicy(connectSources: readonly string[], options: { ads?: boolean } = {}): string {
  const ads = (kind: keyof typeof AD_TAG_SOURCES) => (options.ads ? AD_TAG_SOURCES[kind] : []);
  return [
    "default-src 'self'",
    // 'wasm-unsafe-eval': the search (Pagefind) runs WebAssembly; it allows compiling Wasm, not eval.
    ["script-src 'self'", BOOT_SCRIPT_HASH, "'wasm-unsafe-eval'", ...ads('script')].join(' '),
    // Mantine sets inline styles.
    "style-src 'self' 'unsafe-inline'",
    // Covers may be pasted URLs from anywhere.
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src ${["'self'", ...connectSources, ...ads('connect')].join(' ')}`,
    ['frame-src https://www.youtube.com https://www.youtube-nocookie.com', ...ads('frame')].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export const SECURITY_HEADERS = {
  contentTypeOptions: 'nosniff',
  frameOptions: 'DENY',
  referrerPolicy: 'strict-origin-when-cross-origin',
  hstsMaxAgeSeconds: 365 * 24 * 3600,
  // Nothing on the portal uses these; YouTube embeds keep what they need within their own frame.
  permissionsPolicy: 'camera=(), microphone=(), geolocation=(), usb=(), interest-cohort=()',
} as const;

/** The same headers as plain name/value pairs, for a server that sets them itself. */
export function securityHeaderValues(connectSources: readonly string[], options: { ads?: boolean } = {}): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(connectSources, options),
    'x-content-type-options': SECURITY_HEADERS.contentTypeOptions,
    'x-frame-options': SECURITY_HEADERS.frameOptions,
    'referrer-policy': SECURITY_HEADERS.referrerPolicy,
    'permissions-policy': SECURITY_HEADERS.permissionsPolicy,
    'strict-transport-security': `max-age=${SECURITY_HEADERS.hstsMaxAgeSeconds}; includeSubDomains`,
  };
}
