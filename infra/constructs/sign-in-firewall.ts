// The user pool's own firewall: the browser signs in with Cognito directly (Amplify), past CloudFront
// and its web ACL, so a REGIONAL web ACL associated with the pool limits per address the calls a
// password or code guesser makes. Cognito's own lockout counts failures per user; this counts per
// address, across users (password spraying from one place).
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';

export const SIGN_IN_WEB_ACL_NAME = 'portal-sign-in';

/** The pool's unauthenticated calls a guesser repeats: the password and TOTP steps, sign-up and the password reset. */
export const SIGN_IN_TARGETS = [
  'InitiateAuth',
  'RespondToAuthChallenge',
  'SignUp',
  'ConfirmSignUp',
  'ResendConfirmationCode',
  'ForgotPassword',
  'ConfirmForgotPassword',
] as const;

// Per address and 5 minutes, sized like infra/edge-firewall-stack.ts: a carrier's shared address
// (CGNAT) carries ~2,000 subscribers; the hour a story spreads 200 of them read, and a session lasts
// 30 days (refresh token), so perhaps 1 in 10 signs in anew: 20 sign-ins in the hour, each two calls
// with TOTP (password, then code), ~40 calls, most of them not in the same 5 minutes. A newsroom behind
// one office address signs in a few dozen times a morning. 100 leaves both room and still stops a
// script (it would try at most ~29,000 passwords a day from one address, spread over many accounts,
// each of which Cognito locks after a few failures).
export const SIGN_IN_RATE_LIMIT = 100;
const RATE_WINDOW_SECONDS = 300;

const target = (name: string): wafv2.CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: { singleHeader: { Name: 'x-amz-target' } },
    positionalConstraint: 'EXACTLY',
    searchString: `AWSCognitoIdentityProviderService.${name}`,
    textTransformations: [{ priority: 0, type: 'NONE' }],
  },
});

const visibility = (name: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName: `${SIGN_IN_WEB_ACL_NAME}-${name}`,
  sampledRequestsEnabled: true,
});

export class SignInFirewall extends Construct {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: { userPool: cognito.IUserPool }) {
    super(scope, id);
    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      name: SIGN_IN_WEB_ACL_NAME,
      description: 'Portal Plural: per-address rate limit of sign-in, sign-up and password reset calls to the user pool',
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('all'),
      rules: [
        {
          name: 'sign-in-per-address',
          priority: 0,
          action: { block: {} },
          statement: {
            rateBasedStatement: {
              limit: SIGN_IN_RATE_LIMIT,
              evaluationWindowSec: RATE_WINDOW_SECONDS,
              aggregateKeyType: 'IP',
              scopeDownStatement: { orStatement: { statements: SIGN_IN_TARGETS.map(target) } },
            },
          },
          visibilityConfig: visibility('sign-in-per-address'),
        },
      ],
    });
    new wafv2.CfnWebACLAssociation(this, 'PoolAssociation', { resourceArn: props.userPool.userPoolArn, webAclArn: this.webAcl.attrArn });
  }
}
