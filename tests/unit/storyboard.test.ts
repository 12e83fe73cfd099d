// Pautas without AWS: the tag splitting and the optional fields of the new-idea form, deadlines that
// are late, the assignment event the table's changes imply, and the pauta handed to the article editor.
import { describe, expect, it } from 'vitest';
import { storyEvents } from '../../lambdas/storyboard/events';
import { storyItem, type StoryRecord } from '../../lambdas/storyboard/items';
import { storyDraftOf } from '../../web/src/features/storyboard/lib/draft';
import { staffOptions } from '../../web/src/features/storyboard/lib/staff';
import { brasiliaToday, isCalendarDate, isOverdue, splitTags, storyIdeaCreateSchema, storyIdeaUpdateSchema } from '../../shared/storyboard';

describe('tags', () => {
  it.each([
    ['enchente, defesa civil ,  chuva', ['enchente', 'defesa civil', 'chuva']],
    [' , ,', []],
    ['saúde,saúde, educação', ['saúde', 'educação']],
    ['uma   tag  só', ['uma tag só']],
  ])('splits %j on commas and trims', (typed, tags) => {
    expect(splitTags(typed)).toEqual(tags);
  });

  it('splits the items of a list too', () => {
    expect(splitTags(['a, b', ' c '])).toEqual(['a', 'b', 'c']);
  });
});

describe('the new-idea form', () => {
  it('defaults to priority medium and makes empty optional fields null', () => {
    expect(storyIdeaCreateSchema.parse({ title: ' Pauta ', description: 'Descrição', tags: '', assigned_to: '', deadline: '', city_code: '' })).toEqual({
      title: 'Pauta',
      description: 'Descrição',
      priority: 'medium',
      tags: [],
      assigned_to: null,
      deadline: null,
      city_code: null,
    });
  });

  it.each([
    [{ description: 'x' }, 'Título é obrigatório'],
    [{ title: '   ', description: 'x' }, 'Título é obrigatório'],
    [{ title: 'x', description: '' }, 'Descrição é obrigatória'],
    [{ title: 'x', description: 'x', priority: 'altíssima' }, 'Prioridade inválida'],
    [{ title: 'x', description: 'x', deadline: '2026-02-30' }, 'Prazo inválido'],
    [{ title: 'x', description: 'x', city_code: '0000000' }, 'Cidade inválida. Escolha uma cidade da lista.'],
    [{ title: 'x', description: 'x', tags: 'a,b,c,d,e,f,g,h,i,j,k' }, 'Use no máximo 10 tags'],
  ])('refuses %j with “%s”', (input, message) => {
    const parsed = storyIdeaCreateSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });

  it('tells a real calendar date', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2027-02-29')).toBe(false);
    expect(isCalendarDate('29/02/2028')).toBe(false);
  });

  it('asks an update for a status or an assignee, and keeps an absent assignee absent', () => {
    expect(storyIdeaUpdateSchema.safeParse({}).success).toBe(false);
    expect(storyIdeaUpdateSchema.parse({ status: 'completed' })).toEqual({ status: 'completed' });
    expect(storyIdeaUpdateSchema.parse({ assigned_to: '' })).toEqual({ assigned_to: null });
  });
});

describe('deadlines', () => {
  it('takes today in Brasília', () => {
    expect(brasiliaToday(new Date('2026-11-27T02:00:00Z'))).toBe('2026-11-26');
    expect(brasiliaToday(new Date('2026-11-27T03:00:00Z'))).toBe('2026-11-27');
  });

  it('marks an open pauta past its deadline as late, never a finished one', () => {
    const today = '2026-11-26';
    expect(isOverdue({ deadline: '2026-11-25', status: 'in_progress' }, today)).toBe(true);
    expect(isOverdue({ deadline: '2026-11-26', status: 'idea' }, today)).toBe(false);
    expect(isOverdue({ deadline: null, status: 'assigned' }, today)).toBe(false);
    expect(isOverdue({ deadline: '2026-11-01', status: 'completed' }, today)).toBe(false);
    expect(isOverdue({ deadline: '2026-11-01', status: 'cancelled' }, today)).toBe(false);
  });
});

describe('the assignment event', () => {
  const record: StoryRecord = {
    id: '0193a0c4-0000-7000-8000-000000000001',
    title: 'Feira de trocas',
    description: 'Cobrir a feira',
    priority: 'high',
    status: 'idea',
    assigned_to: null,
    assigned_by: null,
    assigned_at: null,
    deadline: null,
    city_code: null,
    tags: [],
    created_by: 'editora',
    created_at: '2026-11-26T10:00:00.000Z',
    updated_at: '2026-11-26T10:00:00.000Z',
    article_id: null,
  };
  const assigned = { ...record, status: 'assigned' as const, assigned_to: 'reporter', assigned_by: 'editora', assigned_at: '2026-11-26T11:00:00.000Z' };

  it('is emitted when a pauta is created with an assignee or given to someone', () => {
    expect(storyEvents({ eventName: 'INSERT', newImage: storyItem(record) })).toEqual([]);
    const [created] = storyEvents({ eventName: 'INSERT', newImage: storyItem(assigned) });
    expect(created).toMatchObject({ name: 'StoryIdeaAssigned', source: 'portal.storyboard', detail: { idea_id: record.id, assigned_to: 'reporter', assigned_by: 'editora' } });
    expect(storyEvents({ eventName: 'MODIFY', oldImage: storyItem(record), newImage: storyItem(assigned) })).toHaveLength(1);
  });

  it('is not emitted by a status change, an unassignment or a removal', () => {
    expect(storyEvents({ eventName: 'MODIFY', oldImage: storyItem(assigned), newImage: storyItem({ ...assigned, status: 'in_progress' }) })).toEqual([]);
    expect(storyEvents({ eventName: 'MODIFY', oldImage: storyItem(assigned), newImage: storyItem(record) })).toEqual([]);
    expect(storyEvents({ eventName: 'REMOVE', oldImage: storyItem(assigned) })).toEqual([]);
  });
});

describe('a pauta handed to the article editor', () => {
  it('reads a well-formed pauta from the history state, and nothing else', () => {
    const state = { storyDraft: { idea_id: 'p1', title: 'Feira de trocas', city_code: '3509502', tags: ['cultura', 3] } };
    expect(storyDraftOf(state)).toEqual({ idea_id: 'p1', title: 'Feira de trocas', city_code: '3509502', tags: ['cultura'] });
    expect(storyDraftOf({ storyDraft: { idea_id: 'p1', title: 'Sem cidade' } })).toEqual({ idea_id: 'p1', title: 'Sem cidade', city_code: null, tags: [] });
    for (const other of [null, undefined, {}, { storyDraft: { title: 'Sem id' } }, { from: '/dashboard' }]) expect(storyDraftOf(other)).toBeUndefined();
  });
});

describe('the assignee picker', () => {
  it('shows each person’s role beside the name, and the e-mail the API gives for two people of the same name', () => {
    const options = staffOptions([
      { id: 'a', full_name: 'Ana Souza', roles: ['author'], email: 'ana.souza@portal.com.br' },
      { id: 'b', full_name: 'Ana Souza', roles: ['author', 'editor'], email: 'asouza@portal.com.br' },
      { id: 'c', full_name: 'Caio Lima', roles: ['master', 'author'] },
    ]);
    expect(options).toEqual([
      { value: 'a', label: 'Ana Souza (Autor · ana.souza@portal.com.br)' },
      { value: 'b', label: 'Ana Souza (Editor · asouza@portal.com.br)' },
      { value: 'c', label: 'Caio Lima (Master)' },
    ]);
    expect(new Set(options.map((option) => option.label)).size).toBe(options.length);
  });

  it('keeps a current assignee who is no longer on the staff', () => {
    expect(staffOptions([], { id: 'x', name: 'Rui Antigo' })).toEqual([{ value: 'x', label: 'Rui Antigo' }]);
  });
});
