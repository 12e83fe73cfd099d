// System tools the tests need from Debian: Chromium (e2e, bench) and xmllint (sitemap schemas). Each
// is found, installed with apt when missing and we are root, or named with the command that installs it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

function ensureDebianTool(binary: string, debianPackage: string): string | undefined {
  const onPath = (name: string) => (name.startsWith('/') ? existsSync(name) : spawnSync('which', [name]).status === 0);
  if (onPath(binary)) return binary;
  if (process.getuid?.() === 0) {
    console.log(`${binary} não encontrado: instalando com apt-get (${debianPackage})...`);
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    spawnSync('apt-get', ['install', '-y', '-qq', debianPackage], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (onPath(binary)) return binary;
  }
  console.error(`${binary} não encontrado: instale com \`sudo apt-get install -y ${debianPackage}\`.`);
  return undefined;
}

export const ensureChromium = (): string | undefined => ensureDebianTool(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', 'chromium');

export const ensureXmllint = (): string | undefined => ensureDebianTool('xmllint', 'libxml2-utils');
