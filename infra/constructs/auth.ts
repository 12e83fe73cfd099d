// Cognito user pool and the web app's client. Accounts are created only by the portal: its sign-up route
// (AdminCreateUser + AdminSetUserPassword), so the API applies the spec's rules before Cognito sees them,
// and the approval of an author application (AdminCreateUser with Cognito's invitation e-mail).
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { INVITATION_BODY, INVITATION_SUBJECT, TEMPORARY_PASSWORD_DAYS } from '../../shared/invitation';

export class Auth extends Construct {
  readonly userPool: cognito.UserPool;
  readonly webClient: cognito.UserPoolClient;
  /** Issuer of the pool's JWTs, as the HTTP API authorizer and aws-jwt-verify expect it. */
  readonly issuer: string;

  constructor(scope: Construct, id: string) {
    super(scope, id);

    this.userPool = new cognito.UserPool(this, 'UserPool', {
      // The username is the e-mail address.
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: false,
      autoVerify: { email: true },
      // Sent when a user changes e-mail (sign-up itself creates verified users without an invitation).
      userVerification: {
        emailStyle: cognito.VerificationEmailStyle.CODE,
        emailSubject: 'Portal Plural: confirme seu e-mail',
        emailBody: 'Seu código de verificação do Portal Plural é {####}.',
      },
      // Sent when an approved author application creates the account (lambdas/users/author-role.ts).
      userInvitation: { emailSubject: INVITATION_SUBJECT, emailBody: INVITATION_BODY },
      standardAttributes: {
        email: { required: true, mutable: true },
        fullname: { required: false, mutable: true },
      },
      // The spec's password rules: 8+ characters, an uppercase letter and a digit (max 100 is the API's).
      passwordPolicy: {
        tempPasswordValidity: Duration.days(TEMPORARY_PASSWORD_DAYS),
        minLength: 8,
        requireUppercase: true,
        requireDigits: true,
        requireLowercase: false,
        requireSymbols: false,
      },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      featurePlan: cognito.FeaturePlan.ESSENTIALS,
      // A reader or editor may add an authenticator app (TOTP); SMS is off (cost, SIM swapping).
      mfa: cognito.Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.webClient = this.userPool.addClient('WebClient', {
      userPoolClientName: 'portal-web',
      generateSecret: false,
      // USER_PASSWORD_AUTH for Amplify's signIn (and the local stand-in), SRP as Amplify's default.
      authFlows: { userPassword: true, userSrp: true },
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
      enableTokenRevocation: true,
      preventUserExistenceErrors: true,
      disableOAuth: true,
    });

    this.issuer = `https://cognito-idp.${Stack.of(this).region}.amazonaws.com/${this.userPool.userPoolId}`;
  }
}
