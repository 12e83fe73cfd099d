// Demo accounts for the local portal, created through the same service functions the API uses.
import type { Role } from '../../shared/roles';

export const DEMO_PASSWORD = 'Portal123';

export interface DemoAccount {
  email: string;
  fullName: string;
  roles: Role[];
  subscriber?: boolean;
  bio: string;
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { email: 'master@portal.local', fullName: 'Marina Albuquerque', roles: ['master'], bio: 'Diretora de redação do Portal Plural.' },
  { email: 'editor@portal.local', fullName: 'Eduardo Nascimento', roles: ['editor'], bio: 'Editor de Cidades e Política.' },
  { email: 'autor@portal.local', fullName: 'Ana Beatriz Costa', roles: ['author'], bio: 'Repórter de cultura e comportamento em Recife.' },
  { email: 'assinante@portal.local', fullName: 'Sérgio Pereira', roles: [], subscriber: true, bio: '' },
  { email: 'leitor@portal.local', fullName: 'Lúcia Fernandes', roles: [], bio: '' },
];

/** Seeds the demo accounts; safe to run again (existing accounts are kept as they are). */
export async function seedDemo(log: (line: string) => void): Promise<void> {
  // Imported late: the service modules read the environment the runtime has just set.
  const users = await import('../../lambdas/users/service');
  const store = await import('../../lambdas/users/store');
  const ids = new Map<string, string>();
  for (const account of DEMO_ACCOUNTS) {
    try {
      const { user_id } = await users.signUp({ email: account.email, password: DEMO_PASSWORD, fullName: account.fullName });
      ids.set(account.email, user_id);
      if (account.bio) await users.updateProfile(user_id, { full_name: account.fullName, bio: account.bio, avatar_url: '', payment_account: '' });
    } catch (error) {
      if ((error as { status?: number }).status === 409) continue; // already there
      throw error;
    }
  }
  const masterId = ids.get('master@portal.local');
  if (masterId) {
    await users.claimMaster(masterId).catch((error: { status?: number }) => {
      if (error.status === 409) log('Já existe um master: a conta master@portal.local ficou sem o papel master.');
      else throw error;
    });
  }
  const now = new Date();
  for (const account of DEMO_ACCOUNTS) {
    const userId = ids.get(account.email);
    if (!userId) continue;
    for (const role of account.roles.filter((role) => role !== 'master')) await users.assignRole(userId, role, masterId ?? userId);
    if (account.subscriber) {
      await store.putSubscription(userId, {
        status: 'active',
        product_id: 'premium-mensal',
        payment_provider_id: 'demo',
        current_period_start: now.toISOString(),
        current_period_end: new Date(now.getTime() + 365 * 24 * 3600 * 1000).toISOString(),
        created_at: now.toISOString(),
      });
    }
  }
}
