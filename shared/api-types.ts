// Shapes of the API's JSON bodies, shared by the handlers and the web app.
import type { ArticleStatus, SeoStatus, Visibility } from './articles';
import type { Role } from './roles';

export interface ApiError {
  message: string;
  field?: string;
  /** A stable code for refusals the web app handles itself (shared/mfa.ts MFA_REQUIRED_CODE). */
  code?: string;
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
  /** The account has a verified authenticator app (TOTP), as the API last checked with Cognito. */
  mfa_enabled: boolean;
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
  /** The WebSocket API of live updates: wss://… on AWS, a path on the site's origin locally (/ws). */
  liveUrl?: string;
}

// Articles (shared/articles.ts holds the rules).

export interface AuthorRef {
  id: string;
  /** 'Autor Anônimo' when the profile is gone. */
  full_name: string;
  avatar_url: string;
}

export interface ArticleLocation {
  location_type: 'city';
  /** IBGE code */
  code: string;
  location_name: string;
  state_code: string;
  location_path: string;
  confidence: number;
  is_primary: boolean;
}

/** What a card shows (spec section 2, "Article cards"): never the body. */
export interface ArticleCard {
  id: string;
  slug: string;
  title: string;
  summary: string;
  cover_image: string;
  /**
   * Widths of the cover's WebP variants (shared/cover-variants.ts names them), [] when there are
   * none: an external cover, or one saved before its variants were written.
   */
  cover_variants: number[];
  visibility: Visibility;
  published_at: string | null;
  views_count: number;
  tags: string[];
  location_path: string | null;
  author: AuthorRef;
}

export interface CityCount {
  location_path: string;
  location_name: string;
  state_code: string;
  count: number;
}

export interface MenuItem {
  id: string;
  label: string;
  url: string;
  display_order: number;
}

/** GET /api/home?city=<location_path> */
export interface HomeFeed {
  articles: ArticleCard[];
  /** Cities with published articles, most articles first. */
  cities: CityCount[];
  menu: MenuItem[];
}

/** GET /api/authors/{authorId}?page=N: an author's public page, their published articles newest first. */
export interface AuthorPage {
  author: {
    id: string;
    /** 'Autor Anônimo' when the profile is gone. */
    full_name: string;
    bio: string;
    avatar_url: string;
    /** The highest role, for a badge; null without any. */
    role: Role | null;
  };
  published_count: number;
  /** 1-based; a page past the last has no articles. */
  page: number;
  page_size: number;
  total_pages: number;
  articles: ArticleCard[];
}

/** GET /api/articles/by-slug/{slug}: the public view. `content` is cut to the lead when `gated`. */
export interface ArticleView extends ArticleCard {
  content: string;
  /** True when the caller may not read the premium body: `content` holds the lead only. */
  gated: boolean;
  /** Up to 3, primary first. */
  locations: ArticleLocation[];
  updated_at: string;
  can_edit: boolean;
}

export interface SeoValidation {
  validation_status: SeoStatus;
  errors: string[];
  warnings: string[];
  validated_at: string;
  /** The article version that was validated. */
  version: number;
}

/** GET /api/articles/{id}: the editor's copy, for the author and editors. */
export interface ArticleDraft {
  id: string;
  slug: string;
  title: string;
  summary: string;
  content: string;
  cover_image: string;
  visibility: Visibility;
  status: ArticleStatus;
  author_id: string;
  author: AuthorRef;
  tags: string[];
  locations: ArticleLocation[];
  /** IBGE code of the primary city, or null. */
  city_code: string | null;
  location_path: string | null;
  ai_last_updated: string | null;
  published_at: string | null;
  created_at: string;
  updated_at: string;
  views_count: number;
  /** Optimistic lock: send it back as base_version when saving. */
  version: number;
  /** Statuses this caller may choose now (the server checks again on save). */
  allowed_statuses: ArticleStatus[];
  seo: SeoValidation | null;
}

/** GET /api/articles/mine */
export interface MyArticle {
  id: string;
  slug: string;
  title: string;
  summary: string;
  status: ArticleStatus;
  visibility: Visibility;
  views_count: number;
  location_path: string | null;
  published_at: string | null;
  created_at: string;
  updated_at: string;
  seo: SeoValidation | null;
}

export interface MyArticles {
  articles: MyArticle[];
  counts: Record<'all' | ArticleStatus, number>;
}

/** GET /api/articles/in-review: the editors' queue, longest waiting first. */
export interface ReviewQueue {
  articles: (MyArticle & { author: AuthorRef })[];
}

export interface ArticleVersionSummary {
  version_number: number;
  title: string;
  summary: string;
  changed_by: AuthorRef;
  created_at: string;
}

export interface CoverUpload {
  /** Presigned PUT: send the file with exactly this Content-Type. */
  upload_url: string;
  key: string;
  /** The cover_image value once confirmed: /media/<userId>/<timestamp>.<ext> */
  url: string;
}

// AI analysis (spec section 3, "AI analysis result"; lambdas/analysis/analyzer computes it).

/** A suggested tag: lower case, trimmed; relevance 0..1, preselected from 0.7. */
export interface AnalysisTag {
  tag: string;
  relevance: number;
}

/** A suggested place; confidence 0..1, preselected from 0.7. */
export interface AnalysisLocation {
  /** As the IBGE spells it: 'São José dos Campos', 'Santa Catarina'. */
  name: string;
  state_code: string;
  /** IBGE code: 7 digits for a city, 2 for a state. */
  code: string;
  /** City: the URL prefix ('campinas-sp'). State: the slug of its name ('santa-catarina'), never a prefix. */
  location_path: string;
  type: 'city' | 'state';
  confidence: number;
}

export interface AnalysisResult {
  /** Most relevant first, at most 10. */
  tags: AnalysisTag[];
  /** Most confident first. */
  locations: AnalysisLocation[];
  /** One of `locations`, always a city; null when the article is about no particular town. */
  primaryLocation: AnalysisLocation | null;
}
