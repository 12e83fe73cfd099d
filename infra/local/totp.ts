// `npm run totp -- editor@portal.local`: the six-digit code a demo staff account's authenticator app
// would show now, from the key the seed set up (demo-totp.json in the data folder), for signing in
// locally without a phone.
import { generateSync } from 'otplib';
import { loadConfig } from './config';
import { demoTotpFile, readDemoTotp } from './seed';

const keys = readDemoTotp(demoTotpFile(loadConfig([]).dataDir));
const wanted = process.argv[2];
const emails = wanted ? [wanted] : Object.keys(keys);
if (emails.length === 0) {
  console.error('Nenhuma chave TOTP de demonstração: rode npm start (com dados de demonstração) primeiro.');
  process.exit(1);
}
for (const email of emails) {
  const secret = keys[email];
  if (!secret) {
    console.error(`${email}: sem chave TOTP de demonstração (contas da equipe: ${Object.keys(keys).join(', ')})`);
    process.exitCode = 1;
    continue;
  }
  const left = 30 - (Math.floor(Date.now() / 1000) % 30);
  console.log(`${email.padEnd(24)} ${generateSync({ secret })} (vale por mais ${left} s)`);
}
