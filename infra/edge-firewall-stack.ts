// The edge firewall: an AWS WAF web ACL of scope CLOUDFRONT, which AWS accepts only in us-east-1, so it
// is a small stack of its own there; PortalStack's distribution names it through a cross-region
// reference (crossRegionReferences; cdk.json makes references weak: Fn::GetStackOutput).
import { Stack, type StackProps } from 'aws-cdk-lib';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { API_ROUTES } from '../lambdas/contexts';

/** The web ACL's name: its CloudWatch metrics (the reading dashboard) are keyed on it. */
export const WEB_ACL_NAME = 'portal-edge';
const SIGN_UP_PATH = '/api/auth/sign-up';
const WEBHOOKS_PREFIX = '/api/webhooks/';
/** The public forms a script would fill: Bot Control looks at these requests only. */
const PUBLIC_FORM_PATHS = [SIGN_UP_PATH, '/api/newsletter/signup', '/api/applications'] as const;

// Per address and 5 minutes, sized like the in-Lambda limits (docs/security.md): a carrier's shared
// address (CGNAT) carries up to ~2,000 subscribers; the hour a story spreads, 10% of them read (200),
// a quarter of that hour's traffic falls in its busiest 5 minutes (50 readers, ~4 pages each: 200 pages).
// - Beacons: a page sends its view, its exit and up to 5 ad slots' beacons: ~1,400; the rule's 3,000
//   stays above that and the in-Lambda day caps do the counting; it stops a loop, not a crowd.
// - Other /api writes: a page view posts its view counter and, for a signed-in reader, the reading
//   position and a consent (~2 a page: 400); 1,500 leaves the newsroom (editors behind one office
//   address, autosaving) room too.
// - Sign-up: 1 reader in 10 of the hour's 200 signs up (20 in the hour, at most that in 5 minutes);
//   100 is five times the whole hour. The sign-up route keeps its own per-address and per-e-mail limits.
// A blocked address waits until its count over the last 5 minutes falls under the limit.
export const RATE_LIMITS = { beacon: 3000, writes: 1500, signUp: 100 } as const;
const RATE_WINDOW_SECONDS = 300;

const BEACON_PATH = (() => {
  const beacon = API_ROUTES.find((route) => route.throttle && route.method === 'POST');
  if (!beacon) throw new Error('No throttled POST route (the analytics beacon) in the contracts');
  return beacon.path;
})();
if (!API_ROUTES.some((route) => route.method === 'POST' && route.path === SIGN_UP_PATH)) throw new Error(`${SIGN_UP_PATH} is not a route of the contracts`);

const NONE = [{ priority: 0, type: 'NONE' }];
const path = (positionalConstraint: 'EXACTLY' | 'STARTS_WITH', searchString: string): wafv2.CfnWebACL.StatementProperty => ({
  byteMatchStatement: { fieldToMatch: { uriPath: {} }, positionalConstraint, searchString, textTransformations: NONE },
});
const method = (name: string): wafv2.CfnWebACL.StatementProperty => ({
  byteMatchStatement: { fieldToMatch: { method: {} }, positionalConstraint: 'EXACTLY', searchString: name, textTransformations: NONE },
});
const and = (...statements: wafv2.CfnWebACL.StatementProperty[]): wafv2.CfnWebACL.StatementProperty => ({ andStatement: { statements } });
const or = (...statements: wafv2.CfnWebACL.StatementProperty[]): wafv2.CfnWebACL.StatementProperty =>
  statements.length === 1 ? statements[0]! : { orStatement: { statements } };
const not = (statement: wafv2.CfnWebACL.StatementProperty): wafv2.CfnWebACL.StatementProperty => ({ notStatement: { statement } });
const visibility = (name: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName: `${WEB_ACL_NAME}-${name}`,
  sampledRequestsEnabled: true,
});
const writes = or(method('POST'), method('PUT'), method('PATCH'), method('DELETE'));

/** Too many requests, in the API's own shape and language. */
const TOO_MANY = { block: { customResponse: { responseCode: 429, customResponseBodyKey: 'too-many' } } };

export class EdgeFirewallStack extends Stack {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: StackProps) {
    super(scope, id, props);
    const managed = (
      priority: number,
      name: string,
      extra: Partial<wafv2.CfnWebACL.ManagedRuleGroupStatementProperty> = {},
    ): wafv2.CfnWebACL.RuleProperty => ({
      name,
      priority,
      overrideAction: { none: {} },
      statement: { managedRuleGroupStatement: { vendorName: 'AWS', name, ...extra } },
      visibilityConfig: visibility(name),
    });
    const rate = (priority: number, name: string, limit: number, scopeDownStatement: wafv2.CfnWebACL.StatementProperty): wafv2.CfnWebACL.RuleProperty => ({
      name,
      priority,
      action: TOO_MANY,
      statement: { rateBasedStatement: { limit, evaluationWindowSec: RATE_WINDOW_SECONDS, aggregateKeyType: 'IP', scopeDownStatement } },
      visibilityConfig: visibility(name),
    });

    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      name: WEB_ACL_NAME,
      description: 'Portal Plural: managed rule groups and per-address rate limits in front of CloudFront',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('all'),
      customResponseBodies: {
        'too-many': { contentType: 'APPLICATION_JSON', content: JSON.stringify({ message: 'Muitas requisições deste endereço. Tente novamente em alguns minutos.' }) },
      },
      rules: [
        // Addresses AWS's threat intelligence has seen in attacks (cheapest first: 25 capacity units).
        managed(0, 'AWSManagedRulesAmazonIpReputationList'),
        // Request patterns of known exploits (Log4j, Java deserialization, bad Host headers).
        managed(1, 'AWSManagedRulesKnownBadInputsRuleSet'),
        // OWASP-style checks, but two body rules only count: the newsroom posts rich text (HTML,
        // sanitized by lambdas/articles/sanitize.ts) that is both over 8 KB and full of tags, and every
        // route's body is checked by its schema at the API's edge anyway.
        managed(2, 'AWSManagedRulesCommonRuleSet', {
          ruleActionOverrides: ['SizeRestrictions_BODY', 'CrossSiteScripting_BODY'].map((name) => ({ name, actionToUse: { count: {} } })),
        }),
        // Bot Control (Common) pays only where a script profits: the public forms (fake accounts and
        // subscriptions, spam applications). On the pages it would turn away the crawlers, link
        // previews and feed readers a news site lives on, and bill every page request; on the forms
        // it costs its monthly fee, the requests being a few thousand (first 10 million included).
        managed(3, 'AWSManagedRulesBotControlRuleSet', {
          managedRuleGroupConfigs: [{ awsManagedRulesBotControlRuleSet: { inspectionLevel: 'COMMON' } }],
          scopeDownStatement: and(method('POST'), or(...PUBLIC_FORM_PATHS.map((form) => path('EXACTLY', form)))),
        }),
        rate(10, 'sign-up-per-address', RATE_LIMITS.signUp, and(method('POST'), path('EXACTLY', SIGN_UP_PATH))),
        rate(11, 'beacon-per-address', RATE_LIMITS.beacon, and(method('POST'), path('EXACTLY', BEACON_PATH))),
        // The payment providers' webhooks come from their few addresses and are verified by signature.
        rate(
          12,
          'api-writes-per-address',
          RATE_LIMITS.writes,
          and(path('STARTS_WITH', '/api/'), writes, not(path('EXACTLY', BEACON_PATH)), not(path('STARTS_WITH', WEBHOOKS_PREFIX))),
        ),
      ],
    });
  }
}
