// Shapes of the API's JSON bodies, shared by the handlers and the web app.
import type { Role } from './roles';

export interface ApiError {
  message: string;
  field?: string;
}

export interface Profile {
  id: string;
  email: string;
  full_name: string;
  bio: string;
  avatar_url: string;
  payment_account: string;
  created_at: string;
  updated_at: string;
}

export interface SubscriptionState {
  subscribed: boolean;
  product_id: string | null;
  subscription_end: string | null;
}

export interface Me {
  profile: Profile;
  roles: Role[];
  subscription: SubscriptionState;
}

export interface MasterStatus {
  exists: boolean;
}

export interface HealthReport {
  status: 'ok' | 'degraded';
  services: Record<string, 'up' | 'down'>;
}

export interface RuntimeConfig {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Set only locally, where Cognito is a stand-in behind the gateway: a path on the site's origin. */
  userPoolEndpoint?: string;
  apiBase: string;
  mediaBase: string;
}
