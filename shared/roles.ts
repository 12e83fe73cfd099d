// Roles and the permission matrix (spec section 6). The server checks every capability here.
export const ROLES = ['master', 'editor', 'author'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  master: 'Master',
  editor: 'Editor',
  author: 'Autor',
};

export type Capability =
  | 'article.create'
  | 'article.edit-any'
  | 'article.set-status'
  | 'article.review'
  | 'ai.train'
  | 'admin.access'
  | 'roles.manage'
  | 'monitor.access'
  | 'newsletter.manage'
  | 'analytics.manage'
  | 'articles.import'
  | 'events.create'
  | 'events.edit-any'
  | 'events.delete'
  | 'storyboard.access';

const MATRIX: Record<Capability, readonly Role[]> = {
  'article.create': ['author', 'editor', 'master'],
  'article.edit-any': ['editor', 'master'],
  'article.set-status': ['editor', 'master'],
  // The editorial review panel's controls (spec section 6): submitting a review of an article.
  'article.review': ['editor', 'master'],
  // "AI training records on edit" (spec section 6): approvals and rejections that teach the analyzer.
  'ai.train': ['editor', 'master'],
  'admin.access': ['master'],
  'roles.manage': ['master'],
  'monitor.access': ['editor', 'master'],
  'newsletter.manage': ['master'],
  // The site's figures and anyone's, and the Google connection (authors see their own articles' only).
  'analytics.manage': ['master'],
  // Bulk CSV import (/import-articles): the spec shows no role check; a newsroom's archive is the
  // desk's business, so editors and the master.
  'articles.import': ['editor', 'master'],
  'events.create': ['author', 'editor', 'master'],
  'events.edit-any': ['editor', 'master'],
  'events.delete': ['master'],
  'storyboard.access': ['author', 'editor', 'master'],
};

export function can(roles: readonly Role[], capability: Capability): boolean {
  return MATRIX[capability].some((role) => roles.includes(role));
}

/** The highest of a user's roles (master, then editor, then author), for a single badge; null without any. */
export function highestRole(roles: readonly Role[]): Role | null {
  return ROLES.find((role) => roles.includes(role)) ?? null;
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
