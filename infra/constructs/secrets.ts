// The stack's Secrets Manager secrets (SECRET_NAMES of lambdas/platform/contract.ts), encrypted with
// the account's default key. The stack creates each with a placeholder value of the right shape; the
// operators put the real values in after the first deploy, and CloudFormation leaves them alone as
// long as the placeholder below is not changed (changing it would overwrite them).
import { RemovalPolicy, SecretValue } from 'aws-cdk-lib';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { PaymentSecrets } from '../../lambdas/payments/providers';
import { SECRET_NAMES, type SecretName } from '../../lambdas/platform/contract';
import { pascal } from './settings';

// The payment providers' keys, empty but for the Mercado Pago webhook secret: an empty HMAC key
// would let anyone sign a notification, so it starts random. Stripe refuses a blank one itself.
const PAYMENTS_GENERATED_KEY = 'mercadopago_webhook_secret' satisfies keyof PaymentSecrets;
const PAYMENTS_PLACEHOLDER: Omit<PaymentSecrets, typeof PAYMENTS_GENERATED_KEY> = {
  stripe_secret_key: '',
  stripe_webhook_secret: '',
  mercadopago_access_token: '',
};

// A secret missing here starts as '{}' (nothing to generate).
const INITIAL_VALUES: Partial<Record<SecretName, secretsmanager.SecretStringGenerator>> = {
  payments: {
    secretStringTemplate: JSON.stringify(PAYMENTS_PLACEHOLDER),
    generateStringKey: PAYMENTS_GENERATED_KEY,
    excludePunctuation: true,
    passwordLength: 64,
  },
  // Generated once at deploy and never shown to anyone: only the newsletter's functions sign with it.
  newsletter: { secretStringTemplate: '{}', generateStringKey: 'signing_key', excludePunctuation: true, passwordLength: 64 },
  // The key each day's visitor salt is derived from: generated at deploy, read only by the beacon's function.
  analytics: { secretStringTemplate: '{}', generateStringKey: 'salt_key', excludePunctuation: true, passwordLength: 64 },
  // google: '{}' (not connected) until a master saves a Google service-account key in the portal.
};

const DESCRIPTIONS: Record<SecretName, string> = {
  payments: "Payment providers' keys (JSON: stripe_secret_key, stripe_webhook_secret, mercadopago_access_token, mercadopago_webhook_secret), filled in by the operators after deploy",
  newsletter: "The newsletter's link-signing key (JSON: signing_key): confirmation, unsubscribe, open and click links",
  analytics: "The analytics salt key (JSON: salt_key): each day's visitor-hash salt is derived from it",
  google: "The Google service-account key a master saved for GA4 and Ad Manager (JSON: service_key, the key file's text), written by the analytics function",
};

export class Secrets extends Construct {
  readonly byName: Record<SecretName, secretsmanager.Secret>;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const entries = (Object.keys(SECRET_NAMES) as SecretName[]).map((name) => {
      const secret = new secretsmanager.Secret(this, pascal(name), {
        secretName: SECRET_NAMES[name],
        description: DESCRIPTIONS[name],
        ...(INITIAL_VALUES[name] ? { generateSecretString: INITIAL_VALUES[name] } : { secretStringValue: SecretValue.unsafePlainText('{}') }),
        // The real keys live only here: never deleted with the stack.
        removalPolicy: RemovalPolicy.RETAIN,
      });
      return [name, secret] as const;
    });
    this.byName = Object.fromEntries(entries) as Record<SecretName, secretsmanager.Secret>;
  }
}
