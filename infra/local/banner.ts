// What `npm start` prints once the portal is up: the address, one line per stand-in and the demo
// accounts, nothing else (the Lambdas log warnings and errors only; LOG_LEVEL=info shows the rest).
import path from 'node:path';
import { ROLE_LABELS, type Role } from '../../shared/roles';
import { localUrl, STAND_IN_NAMES, type LocalConfig } from './config';

export interface BannerInput {
  config: LocalConfig;
  seconds: string;
  url: string;
  mailUrl: string;
  devUrl?: string;
  /** `totpSecret`: the staff's authenticator key (the seed set one up: the API asks it of staff). */
  accounts: { email: string; roles: readonly Role[]; subscriber?: boolean; totpSecret?: string }[];
  password: string;
  /** The analytics settings' demo key (google.ts): what a master pastes in /analytics-settings. */
  google: { keyFile: string; propertyId: string; networkCode: string };
}

export function startBanner({ config, seconds, url, mailUrl, devUrl, accounts, password, google }: BannerInput): string[] {
  const notes: Partial<Record<keyof LocalConfig['ports'], string>> = {
    mailWeb: `os e-mails enviados, também em ${mailUrl}`,
    google: `chave de demonstração ${path.relative(config.root, path.join(config.dataDir, google.keyFile))}, propriedade ${google.propertyId}, rede ${google.networkCode}`,
  };
  const lines = [
    '',
    `Portal Plural pronto em ${seconds} s: ${url}`,
    // Opening the portal to the network is a choice: say so at every start.
    ...(config.host !== '127.0.0.1' ? [`  Aberto à rede: ${config.host}:${config.ports.gateway} (PORTAL_HOST)`] : []),
    ...(devUrl ? [`  Vite (dev): ${devUrl}`] : []),
    'Serviços locais no lugar da AWS e dos provedores:',
  ];
  for (const [name, port] of Object.entries(config.ports) as [keyof LocalConfig['ports'], number][]) {
    if (name === 'gateway') continue;
    const note = notes[name];
    // SMTP is no web address: its port alone.
    const where = name === 'smtp' ? `127.0.0.1:${port}` : localUrl(port);
    lines.push(`  ${STAND_IN_NAMES[name].padEnd(24)} ${where}${note ? ` (${note})` : ''}`);
  }
  if (config.demo) {
    lines.push(`Contas de demonstração (senha ${password}):`);
    for (const account of accounts) {
      const what = account.roles.length ? account.roles.map((role) => ROLE_LABELS[role]).join(', ') : account.subscriber ? 'assinante premium' : 'leitor';
      lines.push(`  ${account.email.padEnd(24)} ${what}${account.totpSecret ? ` (chave TOTP ${account.totpSecret})` : ''}`);
    }
    if (accounts.some((account) => account.totpSecret)) {
      lines.push('  A equipe entra com senha e o código de um aplicativo autenticador com a chave acima, ou: npm run totp -- <e-mail>');
    }
  } else {
    lines.push('Sem dados de demonstração (--empty).');
  }
  lines.push(`Dados em ${config.dataDir} (npm run reset apaga). Ctrl-C para parar.`, '');
  return lines;
}
