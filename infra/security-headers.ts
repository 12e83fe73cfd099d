// The security headers of every response, defined once: CloudFront's response headers policy (infra/
// constructs/site.ts) and the local gateway (infra/local/gateway.ts) both apply them, so the e2e suite
// runs the app under the same Content-Security-Policy as production.
import { createHash } from 'node:crypto';
import { BOOT_SCRIPT } from '../shared/boot-script';

/** The CSP source admitting the pages' one inline script (shared/boot-script.ts) and nothing else inline. */
export const BOOT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;

/** Where the page may connect besides itself: Cognito and presigned S3 uploads on AWS, the stand-ins locally. */
export function contentSecurityPolicy(connectSources: readonly string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${BOOT_SCRIPT_HASH}`,
    // Mantine sets inline styles.
    "style-src 'self' 'unsafe-inline'",
    // Covers may be pasted URLs from anywhere.
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src ${["'self'", ...connectSources].join(' ')}`,
    'frame-src https://www.youtube.com https://www.youtube-nocookie.com',
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
export function securityHeaderValues(connectSources: readonly string[]): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(connectSources),
    'x-content-type-options': SECURITY_HEADERS.contentTypeOptions,
    'x-frame-options': SECURITY_HEADERS.frameOptions,
    'referrer-policy': SECURITY_HEADERS.referrerPolicy,
    'permissions-policy': SECURITY_HEADERS.permissionsPolicy,
    'strict-transport-security': `max-age=${SECURITY_HEADERS.hstsMaxAgeSeconds}; includeSubDomains`,
  };
}
