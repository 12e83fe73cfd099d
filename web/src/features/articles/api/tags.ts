// Tag management calls (lambdas/articles/tags.ts): editors and masters.
import type { TagChange, TagCount } from '../../../../../shared/tags';
import { api } from '../../../lib/api';

const tagPath = (tag: string) => `/tags/${encodeURIComponent(tag)}`;

export const fetchTags = (signal?: AbortSignal) => api.get<TagCount[]>('/tags', { signal });
export const renameTag = (tag: string, to: string) => api.post<TagChange>(`${tagPath(tag)}/rename`, { to });
export const removeTag = (tag: string) => api.delete<TagChange>(tagPath(tag));
