// The admin area's calls (masters only; the server refuses anyone else).
import type { AdminUser } from '../../../../../shared/admin';
import type { AdminArticle } from '../../../../../shared/admin-articles';
import type { ApplicationSummary, AuthorApplication } from '../../../../../shared/applications';
import type { ArticleStatus } from '../../../../../shared/article-rules';
import type { AdminMenuItem } from '../../../../../shared/menu';
import type { AdminSubscription, AdminSubscriptionList } from '../../../../../shared/payments';
import type { DeadLetterMessage, DeadLetterQueueStatus, RedriveStarted } from '../../../../../shared/operations';
import type { Role } from '../../../../../shared/roles';
import { api } from '../../../lib/api';

export type { AdminArticle, AdminMenuItem, AdminSubscription, AdminSubscriptionList, AdminUser, ApplicationSummary, ArticleStatus, AuthorApplication };
export type { ApplicationStatus } from '../../../../../shared/applications';
export type MenuItemInput = Omit<AdminMenuItem, 'id'>;

export interface Paged<T> {
  items: T[];
  next_cursor: string | null;
}

const query = (params: Record<string, string | undefined>) => {
  const search = new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => Boolean(entry[1])));
  const text = search.toString();
  return text ? `?${text}` : '';
};

// Users and roles (lambdas/users).
export const listUsers = (q: string, cursor?: string) => api.get<Paged<AdminUser>>(`/admin/users${query({ q, cursor })}`);
export const assignRole = (userId: string, role: Role) => api.post<AdminUser>(`/admin/users/${encodeURIComponent(userId)}/roles`, { role });
export const removeRole = (userId: string, role: Role) =>
  api.delete<AdminUser>(`/admin/users/${encodeURIComponent(userId)}/roles/${encodeURIComponent(role)}`);
export const resetMfa = (userId: string) => api.delete<AdminUser>(`/admin/users/${encodeURIComponent(userId)}/mfa`);

// Articles (lambdas/articles).
export interface ArticleFilters {
  status: string;
  author: string;
  q: string;
}
export const listArticles = (filters: ArticleFilters, cursor?: string) =>
  api.get<Paged<AdminArticle>>(`/admin/articles${query({ ...filters, cursor })}`);
export const setArticleStatus = (id: string, status: ArticleStatus) =>
  api.patch<AdminArticle>(`/admin/articles/${encodeURIComponent(id)}/status`, { status });
export const deleteArticle = (id: string) => api.delete<void>(`/articles/${encodeURIComponent(id)}`);

// The secondary menu (lambdas/menu).
export const listMenu = () => api.get<AdminMenuItem[]>('/admin/menu');
export const createMenuItem = (input: MenuItemInput) => api.post<AdminMenuItem>('/admin/menu', input);
export const updateMenuItem = (id: string, input: MenuItemInput) => api.put<AdminMenuItem>(`/admin/menu/${encodeURIComponent(id)}`, input);
export const deleteMenuItem = (id: string) => api.delete<void>(`/admin/menu/${encodeURIComponent(id)}`);

// The audit log (lambdas/audit).
export interface AuditLogEntry {
  id: string;
  event_type: string;
  action: string;
  user_id: string;
  user_name: string;
  target_type: string;
  target_id: string;
  /** Whom, for an entry about a user (a role): their name now. */
  target_name?: string;
  details: Record<string, string | number | boolean | null>;
  status: string;
  created_at: string;
}
export const listAudit = (cursor?: string) => api.get<Paged<AuditLogEntry>>(`/admin/audit${query({ cursor })}`);

// Author applications (lambdas/applications).
export const listApplications = (cursor?: string) => api.get<Paged<ApplicationSummary>>(`/admin/applications${query({ cursor })}`);
export const getApplication = (id: string) => api.get<AuthorApplication>(`/admin/applications/${encodeURIComponent(id)}`);
export const approveApplication = (id: string) =>
  api.post<{ application: AuthorApplication; account: 'created' | 'existing' }>(`/admin/applications/${encodeURIComponent(id)}/approve`);
export const rejectApplication = (id: string, reason: string) =>
  api.post<{ application: AuthorApplication }>(`/admin/applications/${encodeURIComponent(id)}/reject`, { reason });

// Premium subscriptions (lambdas/payments): newest first, with the counts per status and the revenue.
export const listSubscriptions = (cursor?: string) => api.get<AdminSubscriptionList>(`/admin/subscriptions${query({ cursor })}`);

// The failure drill's dead-letter queues (lambdas/operations).
export type { DeadLetterMessage, DeadLetterQueueStatus, RedriveStarted };
export const listDeadLetterQueues = () => api.get<{ items: DeadLetterQueueStatus[] }>('/admin/queues').then((answer) => answer.items);
export const readDeadLetters = (name: string) =>
  api.get<{ items: DeadLetterMessage[] }>(`/admin/queues/${encodeURIComponent(name)}/messages`).then((answer) => answer.items);
export const redriveDeadLetters = (name: string) => api.post<RedriveStarted>(`/admin/queues/${encodeURIComponent(name)}/redrive`);
