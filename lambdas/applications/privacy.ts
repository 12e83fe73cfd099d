// What the applications context holds about a person: their author applications, found by e-mail
// through the links beside the e-mail's claim (APPLICANT#EMAIL#<hash>). Their own data in full (CPF,
// address, phone…), so the export gives it all; the deletion removes the applications, their links
// and any pending claim that is theirs.
import { query, type Item, type Key } from '../platform/dynamo';
import { batchDelete, batchGet } from '../platform/dynamo-batch';
import type { PersonalData, Subject } from '../privacy/public';
import { APPLICATION_LINK_PREFIX, applicationKey, cpfClaimKey, emailClaimKey, fromItem, repeatNoticeKey } from './items';

const keyOf = (item: Item): Key => ({ pk: String(item.pk), sk: String(item.sk) });

/** The links of the e-mail and the applications they lead to (one Query, one BatchGet). */
async function applicationsOf(email: string): Promise<{ links: Item[]; applications: Item[] }> {
  const links = await query({ partition: emailClaimKey(email).pk, sortPrefix: APPLICATION_LINK_PREFIX });
  const applications = links.length ? await batchGet(links.map((link) => applicationKey(String(link.application_id)))) : [];
  // Only an application of this very address (a link can only be written with its application).
  return { links, applications: applications.filter((item) => item.email === email) };
}

async function collect(subject: Subject): Promise<Record<string, unknown>> {
  const { applications } = await applicationsOf(subject.email);
  return {
    // decided_by is the master who decided: another person's id, left out.
    applications: applications.map((item) => {
      const { decided_by: _decidedBy, ...own } = fromItem(item);
      return own;
    }),
  };
}

async function erase(subject: Subject): Promise<Record<string, number>> {
  const { links, applications } = await applicationsOf(subject.email);
  const ids = new Set(applications.map((item) => String(item.id)));
  // The e-mail's pending claim is this person's; a CPF's only when it names one of their applications.
  const emailClaim = emailClaimKey(subject.email);
  const cpfs = [...new Set(applications.map((item) => String(item.cpf)))];
  const claims = (await batchGet([emailClaim, ...cpfs.map(cpfClaimKey)])).filter((item) => item.pk === emailClaim.pk || ids.has(String(item.application_id)));
  // A repeated-application notice lives two days (its TTL): any of the last three days' goes too.
  const days = [0, 1, 2].map((back) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10));
  const notices = [...ids].flatMap((id) => days.map((day) => repeatNoticeKey(id, day)));
  // The links last: a run cut short is found again from them.
  if (claims.length || applications.length) await batchDelete([...claims.map(keyOf), ...applications.map(keyOf), ...notices]);
  if (links.length) await batchDelete(links.map(keyOf));
  return { applications: applications.length, links: links.length, claims: claims.length };
}

export const personalData: PersonalData = { context: 'applications', collect, erase };
