// The admin area and the author applications over real HTTP: every new route with every caller (only
// masters reach /api/admin), personal data that never leaves the server for anyone else, the CPF and
// the one-pending-application rules, decisions taken once (one account, one e-mail), roles with their
// audit entries and the last-master rule, the articles list and status change, the menu seen on the
// home, and the dashboard's counts and quality score.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { PERSON_SUBMISSIONS_PER_HOUR } from '../../lambdas/applications/service';
import { isValidCpf } from '../../shared/applications';
import { eventually, mailsTo, uniqueEmail } from '../support/api';
import { maskedCpf, validCpf } from '../support/cpf';
import { byCase, CheckedPortal, member, type ApiResponse, type Member } from '../support/cast';
import { freshAddress, requestFrom } from '../support/from-address';
import { PortalTable } from '../support/table';
import { workerRuntime } from '../support/worker-runtime';

const { baseUrl, mailApiUrl, ports } = workerRuntime();
const portal = new CheckedPortal(baseUrl);
const table = new PortalTable(ports.dynamodb);

const DENIED = 'Acesso Negado: Você não tem permissão para acessar esta área.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let master: Member;
let editor: Member;
let author: Member;
let reader: Member;

beforeAll(async () => {
  [master, editor, author, reader] = await Promise.all([
    member(portal, table, 'adm-master', 'Marta Master', { roles: ['master'] }),
    member(portal, table, 'adm-editor', 'Edu Editor', { roles: ['editor'] }),
    member(portal, table, 'adm-autor', 'Ana Autora', { roles: ['author'] }),
    member(portal, table, 'adm-leitor', 'Lia Leitora'),
  ]);
});

/** Valid submissions count against the per-address limit of the clock hour (every test here comes from one address). */
let submitted = 0;
let submittedHour = -1;
const clockHour = () => Math.floor(Date.now() / 3_600_000);

function application(overrides: Record<string, unknown> = {}) {
  return {
    full_name: 'Clara Candidata',
    email: uniqueEmail('candidata'),
    cpf: validCpf(),
    phone: '(81) 98765-4321',
    address: 'Rua da Aurora, 100, Boa Vista, Recife – PE',
    experience_years: '6 anos',
    previous_outlets: 'Jornal do Commercio e rádio comunitária',
    expectations: 'Quero cobrir cultura e mobilidade urbana no Recife.',
    media_experience: { writing: true, audio: false, video: false },
    consent: true,
    ...overrides,
  };
}

async function submit(body: Record<string, unknown>, token?: string): Promise<ApiResponse> {
  const hour = clockHour();
  const response = await portal.request('POST', '/api/applications', { body, token });
  // A new clock hour starts a new count (the limit's window).
  if (hour !== submittedHour) [submitted, submittedHour] = [0, hour];
  if (response.status === 201 || response.status === 409) submitted += 1;
  return response;
}

async function applied(overrides: Record<string, unknown> = {}) {
  const body = application(overrides);
  const response = await submit(body);
  expect(response.status, response.text).toBe(201);
  return { ...body, id: String(response.body.id) };
}

const as = (who: Member | undefined) => ({ token: who?.token });

describe('author applications', () => {
  it('take anyone’s application, signed in or not, and give back nothing personal', async () => {
    const body = application();
    const anonymous = await submit(body);
    expect(anonymous.status, anonymous.text).toBe(201);
    expect(anonymous.body).toMatchObject({ status: 'pending' });
    for (const secret of [body.cpf, body.address, '98765-4321']) expect(anonymous.text).not.toContain(secret);
    expect((await submit(application(), reader.token)).status).toBe(201);
  });

  it.each(
    byCase([
      { case: 'wrong check digits', cpf: '529.982.247-24', message: 'CPF inválido' },
      { case: 'eleven equal digits', cpf: '111.111.111-11', message: 'CPF inválido' },
      { case: 'ten digits', cpf: '5299822472', message: 'CPF deve ter 11 dígitos' },
      { case: 'fifteen characters', cpf: '529.982.247-250', message: 'CPF muito longo' },
      { case: 'letters', cpf: '529.982.247-2a', message: 'CPF inválido' },
    ]),
  )('refuse a CPF with %s', async (_name, { cpf, message }) => {
    expect(isValidCpf(cpf)).toBe(false);
    const response = await submit(application({ cpf }));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message, field: 'cpf' });
  });

  it('accept a CPF with or without its mask, and hold the spec’s other rules', async () => {
    const cpf = validCpf();
    expect((await submit(application({ cpf: maskedCpf(cpf) }))).status).toBe(201);
    for (const [change, message] of [
      [{ consent: false }, 'É preciso autorizar o uso dos seus dados para enviar a candidatura.'],
      [{ address: 'Rua A' }, 'Endereço muito curto'],
      [{ phone: '1234' }, 'Telefone inválido'],
      [{ expectations: 'curta' }, 'Descreva suas expectativas'],
      [{ website: 'não é url' }, 'URL inválida'],
      [{ email: 'x@' }, 'Email inválido'],
    ] as const) {
      const response = await submit(application(change));
      expect(response.status, JSON.stringify(change)).toBe(400);
      expect(response.body.message).toBe(message);
    }
  });

  it('allow one pending application per e-mail and per CPF, again after a decision, and never tell the sender whose they are', async () => {
    const [first, second] = [await applied(), await applied()];
    const fresh = await submit(application());
    const sameEmail = await submit(application({ email: first.email }));
    const sameEmailAgain = await submit(application({ email: first.email }));
    const stranger = uniqueEmail('estranho');
    const sameCpf = await submit(application({ cpf: second.cpf, email: stranger }));
    // The answer a new application gets: the same status, fields and kind of id.
    const shape = (response: ApiResponse) => ({ status: response.status, keys: Object.keys(response.body).sort(), state: response.body.status, uuid: UUID.test(String(response.body.id)) });
    for (const answer of [sameEmail, sameEmailAgain, sameCpf]) expect(shape(answer)).toEqual(shape(fresh));
    expect(shape(fresh)).toEqual({ status: 201, keys: ['created_at', 'id', 'status'], state: 'pending', uuid: true });
    // Nothing was recorded: the ids answered are nobody's, and the pending ones are as they were.
    for (const answer of [sameEmail, sameEmailAgain, sameCpf]) expect((await portal.request('GET', `/api/admin/applications/${String(answer.body.id)}`, as(master))).status).toBe(404);
    expect((await portal.request('GET', `/api/admin/applications/${second.id}`, as(master))).body).toMatchObject({ email: second.email, status: 'pending' });
    // Each pending applicant is told, with the message that was the sender's, once for the day; the sender gets nothing.
    const told = (email: string) =>
      eventually(async () => {
        const found = (await mailsTo(mailApiUrl, email)).filter((mail) => mail.subject === 'Sua candidatura a autor segue em análise');
        return found.length ? found : undefined;
      });
    const [byEmail, byCpf] = await Promise.all([told(first.email), told(second.email)]);
    expect(byEmail).toHaveLength(1);
    expect(byEmail[0]?.text).toContain('Já existe uma candidatura pendente para este e-mail.');
    expect(byCpf).toHaveLength(1);
    expect(byCpf[0]?.text).toContain('Já existe uma candidatura pendente para este CPF.');
    expect(byCpf[0]?.text).toContain(`Olá, ${String(second.full_name).split(' ')[0]}!`);
    expect(await mailsTo(mailApiUrl, stranger)).toEqual([]);
    expect((await portal.request('POST', `/api/admin/applications/${first.id}/reject`, { ...as(master), body: {} })).status).toBe(200);
    const again = await submit(application({ email: first.email, cpf: first.cpf }));
    expect(again.status).toBe(201);
    expect((await portal.request('GET', `/api/admin/applications/${String(again.body.id)}`, as(master))).status).toBe(200);
  });

  it('are read, approved and rejected by masters only; the list masks CPF and phone', async () => {
    const pending = await applied();
    const routes = [
      ['GET', '/api/admin/applications'],
      ['GET', '/api/admin/applications/pending-count'],
      ['GET', `/api/admin/applications/${pending.id}`],
      ['POST', `/api/admin/applications/${pending.id}/approve`],
      ['POST', `/api/admin/applications/${pending.id}/reject`],
    ] as const;
    const bodyFor = (method: string) => (method === 'POST' ? { body: {} } : {});
    for (const [method, path] of routes) {
      expect((await portal.request(method, path, bodyFor(method))).status, `${method} ${path} anonymous`).toBe(401);
      for (const who of [reader, author, editor]) {
        const response = await portal.request(method, path, { ...as(who), ...bodyFor(method) });
        expect(response.status, `${method} ${path}`).toBe(403);
        expect(response.body.message).toBe(DENIED);
        for (const secret of [pending.cpf, pending.address]) expect(response.text).not.toContain(secret);
      }
    }
    const list = await portal.request('GET', '/api/admin/applications', as(master));
    expect(list.status).toBe(200);
    const row = (list.body.items as Record<string, unknown>[]).find((item) => item.id === pending.id);
    expect(row).toMatchObject({ cpf: `***.***.${pending.cpf.slice(6, 9)}-${pending.cpf.slice(9)}`, phone: '(**) *****-4321', status: 'pending' });
    expect(list.text).not.toContain(pending.cpf);
    expect(list.text).not.toContain(pending.address);
    const detail = await portal.request('GET', `/api/admin/applications/${pending.id}`, as(master));
    expect(detail.body).toMatchObject({ cpf: pending.cpf, address: pending.address, phone: pending.phone, consent_version: expect.any(String) });
    const count = await portal.request('GET', '/api/admin/applications/pending-count', as(master));
    expect(count.body.count).toBeGreaterThanOrEqual(1);
    expect((await portal.request('GET', '/api/admin/applications/nao-existe', as(master))).status).toBe(404);
    expect((await portal.request('GET', `/api/admin/applications/${'x'.repeat(3000)}`, as(master))).status).toBe(404);
  });

  it('approved twice: one account with the author role, one approval e-mail, one audit entry', async () => {
    const pending = await applied({ full_name: 'Bruno Aprovado' });
    const [first, second] = await Promise.all([
      portal.request('POST', `/api/admin/applications/${pending.id}/approve`, as(master)),
      portal.request('POST', `/api/admin/applications/${pending.id}/approve`, as(master)),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const won = first.status === 200 ? first : second;
    expect(won.body).toMatchObject({ account: 'created', application: { status: 'approved', decided_by: master.id } });
    expect((first.status === 409 ? first : second).body.message).toBe('Esta candidatura já foi decidida.');
    // The new account signs in only after choosing a password (Cognito's invitation): read its roles in the table.
    const mails = await eventually(async () => {
      const found = await mailsTo(mailApiUrl, pending.email);
      return found.length >= 2 ? found : undefined;
    });
    // A short bounded wait kept on purpose: a welcome or second e-mail would come from events the
    // approval's own writes put on the table's stream, and nothing marks those as all handled.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const all = await mailsTo(mailApiUrl, pending.email);
    expect(all.filter((mail) => mail.subject === 'Sua candidatura a autor foi aprovada')).toHaveLength(1);
    expect(all.filter((mail) => mail.subject === 'Seu acesso de autor ao Portal Plural')).toHaveLength(1);
    expect(all.some((mail) => /Bem-vindo ao Portal Plural/.test(mail.subject))).toBe(false);
    expect(mails.every((mail) => !mail.text.includes(pending.cpf))).toBe(true);
    // The account and its role come from the approval's event (the users context's author-role worker).
    const users = await eventually(async () => {
      const found = await portal.request('GET', `/api/admin/users?q=${encodeURIComponent(pending.email)}`, as(master));
      return (found.body.items as { roles: string[] }[])[0]?.roles.includes('author') ? found : undefined;
    });
    expect(users.body.items).toEqual([expect.objectContaining({ email: pending.email, full_name: 'Bruno Aprovado', roles: ['author'] })]);
    const audit = await portal.request('GET', '/api/admin/audit', as(master));
    const decisions = (audit.body.items as Record<string, unknown>[]).filter((entry) => entry.target_id === pending.id);
    expect(decisions).toEqual([expect.objectContaining({ action: 'approve_application', user_id: master.id, user_name: 'Marta Master' })]);
  });

  it('approved for an existing account gives it the author role; rejected with a reason e-mails the reason', async () => {
    const existing = await applied({ email: reader.email, full_name: reader.fullName });
    const approved = await portal.request('POST', `/api/admin/applications/${existing.id}/approve`, as(master));
    expect(approved.body.account).toBe('existing');
    await eventually(async () => (((await portal.request('GET', '/api/me', as(reader))).body.roles as string[]).includes('author') ? true : undefined));
    // Their profile is the one they made, and no invitation was sent.
    expect((await portal.request('GET', '/api/me', as(reader))).body.profile).toMatchObject({ full_name: reader.fullName });
    await table.revokeRole(reader.id, 'author');

    const refused = await applied();
    const reason = 'Precisamos de textos publicados anteriormente.';
    const rejected = await portal.request('POST', `/api/admin/applications/${refused.id}/reject`, { ...as(master), body: { reason } });
    expect(rejected.body.application).toMatchObject({ status: 'rejected', rejection_reason: reason });
    const mail = await eventually(async () => (await mailsTo(mailApiUrl, refused.email))[0]);
    expect(mail.subject).toBe('Sua candidatura a autor do Portal Plural');
    expect(mail.text).toContain(reason);
    expect((await portal.request('POST', `/api/admin/applications/${refused.id}/approve`, as(master))).status).toBe(409);
  });
});

describe('users and roles', () => {
  it('are listed, searched without accents, and changed by masters only', async () => {
    for (const [method, path] of [
      ['GET', '/api/admin/users'],
      ['POST', `/api/admin/users/${reader.id}/roles`],
      ['DELETE', `/api/admin/users/${reader.id}/roles/editor`],
    ] as const) {
      const body = method === 'POST' ? { body: { role: 'editor' } } : {};
      expect((await portal.request(method, path, body)).status).toBe(401);
      for (const who of [reader, author, editor]) expect((await portal.request(method, path, { ...as(who), ...body })).status).toBe(403);
    }
    const found = await portal.request('GET', '/api/admin/users?q=LIA%20LEITORA', as(master));
    expect((found.body.items as { id: string }[]).some((user) => user.id === reader.id)).toBe(true);
    const accentless = await portal.request('GET', '/api/admin/users?q=marta', as(master));
    expect((accentless.body.items as { id: string }[]).some((user) => user.id === master.id)).toBe(true);

    const assigned = await portal.request('POST', `/api/admin/users/${reader.id}/roles`, { ...as(master), body: { role: 'editor' } });
    expect(assigned.status).toBe(200);
    expect(assigned.body.roles).toContain('editor');
    const bad = await portal.request('POST', `/api/admin/users/${reader.id}/roles`, { ...as(master), body: { role: 'rei' } });
    expect(bad.body).toEqual({ message: 'Selecione um usuário e um papel.', field: 'role' });
    expect((await portal.request('POST', `/api/admin/users/${randomUUID()}/roles`, { ...as(master), body: { role: 'editor' } })).status).toBe(404);
    const removed = await portal.request('DELETE', `/api/admin/users/${reader.id}/roles/editor`, as(master));
    expect(removed.body.roles).not.toContain('editor');
    expect((await portal.request('DELETE', `/api/admin/users/${reader.id}/roles/editor`, as(master))).body.message).toBe('Papel não encontrado.');
    const audit = (await portal.request('GET', '/api/admin/audit', as(master))).body.items as Record<string, unknown>[];
    const actions = audit.filter((entry) => entry.target_id === reader.id).map((entry) => `${String(entry.action)}:${String((entry.details as { role?: string }).role)}`);
    expect(actions.slice(0, 2)).toEqual(['remove_role:editor', 'assign_role:editor']);
  });

  it('keep a master: the only master cannot remove their own master role', async () => {
    // Masters other than this one may exist in the shared runtime: remove them for the check, then restore.
    const masters = await table.usersWithRole('master');
    const others = masters.filter((id) => id !== master.id);
    for (const id of others) await table.revokeRole(id, 'master');
    try {
      const refused = await portal.request('DELETE', `/api/admin/users/${master.id}/roles/master`, as(master));
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('Você é o único Master e não pode remover o próprio papel de Master.');
    } finally {
      for (const id of others) await table.grantRole(id, 'master');
    }
  });
});

describe('articles, menu and the dashboard', () => {
  it('list every article for masters, filter it, change a status keeping published_at, and audit it', async () => {
    const slug = `ponte-estaiada-${randomUUID().slice(0, 8)}`;
    const created = await portal.request('POST', '/api/articles', {
      ...as(author),
      body: { title: 'Ponte estaiada ganha ciclovia', slug, summary: 'A ciclovia liga os dois lados do rio.', content: `<p>${'A ciclovia foi aberta nesta manhã. '.repeat(3)}</p>` },
    });
    const id = String(created.body.id);
    for (const who of [reader, author, editor]) expect((await portal.request('GET', '/api/admin/articles', as(who))).status).toBe(403);
    expect((await portal.request('PATCH', `/api/admin/articles/${id}/status`, { ...as(editor), body: { status: 'published' } })).status).toBe(403);

    const drafts = await portal.request('GET', `/api/admin/articles?status=draft&author=${author.id}&q=ESTAIADA`, as(master));
    expect(drafts.body.items).toEqual([expect.objectContaining({ id, status: 'draft', author_name: 'Ana Autora', published_at: null })]);
    const published = await portal.request('PATCH', `/api/admin/articles/${id}/status`, { ...as(master), body: { status: 'published' } });
    const firstPublished = published.body.published_at;
    expect(firstPublished).toEqual(expect.any(String));
    await portal.request('PATCH', `/api/admin/articles/${id}/status`, { ...as(master), body: { status: 'draft' } });
    const again = await portal.request('PATCH', `/api/admin/articles/${id}/status`, { ...as(master), body: { status: 'published' } });
    expect(again.body.published_at).toBe(firstPublished);
    const bad = await portal.request('PATCH', `/api/admin/articles/${id}/status`, { ...as(master), body: { status: 'arquivado' } });
    expect(bad.status).toBe(400);

    expect((await portal.request('DELETE', `/api/articles/${id}`, as(master))).status).toBe(204);
    const audit = ((await portal.request('GET', '/api/admin/audit', as(master))).body.items as Record<string, unknown>[]).filter((entry) => entry.target_id === id);
    expect(audit.map((entry) => entry.action)).toEqual(['delete_article', 'update_article', 'update_article', 'update_article']);
    expect(audit[1]).toMatchObject({ user_id: master.id, details: expect.objectContaining({ status: 'published', hasAI: false }) });
  });

  it('let masters keep the home’s menu, shown in order and only while active', async () => {
    expect((await portal.request('GET', '/api/admin/menu', as(editor))).status).toBe(403);
    for (const [body, message] of [
      [{ label: '', url: '/x', display_order: 1, is_active: true }, 'Rótulo é obrigatório'],
      [{ label: 'X', url: 'javascript:alert(1)', display_order: 1, is_active: true }, 'URL inválida'],
      [{ label: 'X', url: '/x', display_order: 1.5, is_active: true }, 'Ordem deve ser um número inteiro'],
      [{ label: 'X', url: '/x', is_active: true }, 'Ordem deve ser um número inteiro'],
    ] as const) {
      const response = await portal.request('POST', '/api/admin/menu', { ...as(master), body });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(message);
    }
    const label = `Eleições ${randomUUID().slice(0, 6)}`;
    const later = await portal.request('POST', '/api/admin/menu', { ...as(master), body: { label: `${label} B`, url: 'https://exemplo.com.br/b', display_order: 9, is_active: true } });
    const first = await portal.request('POST', '/api/admin/menu', { ...as(master), body: { label, url: '/eleicoes', display_order: -5, is_active: true } });
    expect(first.status).toBe(201);
    const home = async () => (await portal.request('GET', '/api/home')).body.menu as { label: string }[];
    const labels = (await home()).map((item) => item.label);
    expect(labels.indexOf(label)).toBeLessThan(labels.indexOf(`${label} B`));
    await portal.request('PUT', `/api/admin/menu/${String(later.body.id)}`, { ...as(master), body: { label: `${label} B`, url: '/b', display_order: 9, is_active: false } });
    expect((await home()).map((item) => item.label)).not.toContain(`${label} B`);
    // The cached home page shows the change within seconds (the menu's event purges it).
    await eventually(async () => ((await (await fetch(`${baseUrl}/`)).text()).includes(label) ? true : undefined));
    expect((await portal.request('DELETE', `/api/admin/menu/${String(first.body.id)}`, as(master))).status).toBe(204);
    expect((await portal.request('DELETE', `/api/admin/menu/${String(first.body.id)}`, as(master))).status).toBe(404);
    await portal.request('DELETE', `/api/admin/menu/${String(later.body.id)}`, as(master));
  });

  it('count articles per status, the review queue for editors, and score quality from reviews and SEO', async () => {
    const mine = await portal.request('GET', '/api/articles/stats', as(author));
    expect(mine.body).toMatchObject({ mine: expect.any(Object), portal: null, pending_reviews: null });
    const staff = await portal.request('GET', '/api/articles/stats', as(editor));
    expect(staff.body.portal).toEqual({ draft: expect.any(Number), review: expect.any(Number), published: expect.any(Number) });
    expect(staff.body.pending_reviews).toEqual(expect.any(Number));
    expect((await portal.request('GET', '/api/me/quality', as(reader))).body).toMatchObject({ score: null });

    // A writer with nothing judged yet: one approving review makes a perfect score.
    const writer = await member(portal, table, 'adm-escritor', 'Eva Escritora', { roles: ['author'] });
    const slug = `feira-${randomUUID().slice(0, 8)}`;
    const created = await portal.request('POST', '/api/articles', {
      ...as(writer),
      body: { title: 'Feira de ciências reúne escolas', slug, summary: 'Estudantes apresentam projetos de ciência.', content: `<p>${'Os estudantes apresentam projetos. '.repeat(3)}</p>` },
    });
    await portal.request('POST', `/api/articles/${String(created.body.id)}/reviews`, { ...as(editor), body: { status: 'approved' } });
    const quality = await eventually(async () => {
      const response = await portal.request('GET', '/api/me/quality', as(writer));
      return response.body.reviews === 1 ? response.body : undefined;
    });
    expect(quality.score).toBe(10);
  });

  it('let editors rename, merge and remove a tag across its articles, in any status', async () => {
    const suffix = randomUUID().slice(0, 6);
    const [old, other] = [`ônibus ${suffix}`, `transporte ${suffix}`];
    const write = async (tags: string[]) => {
      const response = await portal.request('POST', '/api/articles', {
        ...as(author),
        body: { title: 'Corredor de ônibus na zona leste', slug: `corredor-${randomUUID().slice(0, 8)}`, summary: 'Faixa exclusiva começa a operar.', content: `<p>${'A faixa exclusiva começa a operar na segunda-feira. '.repeat(2)}</p>`, tags },
      });
      expect(response.status, response.text).toBe(201);
      return String(response.body.id);
    };
    const [first, second] = [await write([old, 'mobilidade']), await write([old, other])];
    const countOf = async (tag: string) => ((await portal.request('GET', '/api/tags', as(editor))).body as unknown as { tag: string; count: number }[]).find((entry) => entry.tag === tag)?.count;
    expect(await countOf(old)).toBe(2);
    for (const who of [author, reader]) {
      expect((await portal.request('GET', '/api/tags', as(who))).status).toBe(403);
      expect((await portal.request('DELETE', `/api/tags/${encodeURIComponent(old)}`, as(who))).status).toBe(403);
    }
    // Renaming into a tag that exists merges the two: the second article keeps one.
    const renamed = await portal.request('POST', `/api/tags/${encodeURIComponent(old)}/rename`, { ...as(editor), body: { to: ` ${other.toUpperCase()} ` } });
    expect(renamed.body).toEqual({ changed: 2, remaining: false });
    expect((await portal.request('GET', `/api/articles/${first}`, as(author))).body.tags).toEqual([other, 'mobilidade']);
    expect((await portal.request('GET', `/api/articles/${second}`, as(author))).body.tags).toEqual([other]);
    expect(await countOf(old)).toBeUndefined();
    expect(await countOf(other)).toBe(2);
    expect((await portal.request('POST', `/api/tags/${encodeURIComponent(other)}/rename`, { ...as(editor), body: { to: other } })).status).toBe(400);
    const oversized = await portal.request('DELETE', `/api/tags/${'x'.repeat(3000)}`, as(editor));
    expect(oversized.status).toBe(404);
    expect(oversized.body.message).toBe('Tag não encontrada.');
    expect((await portal.request('DELETE', `/api/tags/${encodeURIComponent(other)}`, as(master))).body).toEqual({ changed: 2, remaining: false });
    expect((await portal.request('GET', `/api/articles/${second}`, as(author))).body.tags).toEqual([]);
    expect(await countOf(other)).toBeUndefined();
  });

  it('refuse a sixth application for one CPF in an hour, from any address (its own limit: the person’s)', async () => {
    const cpf = validCpf();
    // Each from an address of its own: this machine's hourly budget stays the other tests'.
    const sent = async () => requestFrom(baseUrl, freshAddress(), 'POST', '/api/applications', { body: application({ cpf }) });
    const hour = clockHour();
    for (let attempt = 0; attempt < PERSON_SUBMISSIONS_PER_HOUR; attempt++) expect((await sent()).status).not.toBe(429);
    const refused = await sent();
    // Across a clock hour's end the count starts again.
    if (clockHour() !== hour) return;
    expect(refused).toEqual({ status: 429, body: { message: 'Muitas candidaturas seguidas com estes dados. Tente novamente mais tarde.' } });
  });

  it('refuse further applications from one address after the hourly limit', async () => {
    // The limit counts per clock hour: close to its end, wait for the next one, so that all 21 fall in one.
    // (A clock wait kept: only in an hour's last 30 s; the counter's key is the handler's own.)
    const now = new Date();
    if (now.getUTCMinutes() === 59 && now.getUTCSeconds() >= 30) await new Promise((resolve) => setTimeout(resolve, (61 - now.getUTCSeconds()) * 1000));
    while (submitted < 20) expect((await submit(application())).status).toBe(201);
    const refused = await submit(application());
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Muitas candidaturas enviadas deste endereço. Tente novamente mais tarde.');
  });
});
