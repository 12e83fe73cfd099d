import { describe, expect, it } from 'vitest';
import { can, isRole } from '../../shared/roles';

describe('the permission matrix', () => {
  it('lets author, editor and master create articles, and nobody else', () => {
    expect(can(['author'], 'article.create')).toBe(true);
    expect(can(['editor'], 'article.create')).toBe(true);
    expect(can(['master'], 'article.create')).toBe(true);
    expect(can([], 'article.create')).toBe(false);
  });
  it('keeps the status selector for editor and master', () => {
    expect(can(['author'], 'article.set-status')).toBe(false);
    expect(can(['author', 'editor'], 'article.set-status')).toBe(true);
  });
  it('keeps the admin area, roles and newsletter for the master', () => {
    for (const capability of ['admin.access', 'roles.manage', 'newsletter.manage', 'analytics.manage', 'events.delete'] as const) {
      expect(can(['editor', 'author'], capability)).toBe(false);
      expect(can(['master'], capability)).toBe(true);
    }
  });
  it('recognises only the three roles', () => {
    expect(isRole('editor')).toBe(true);
    expect(isRole('admin')).toBe(false);
  });
});
