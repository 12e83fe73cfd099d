// Debian's Chromium for the e2e suite and the bench: found, installed with apt when missing and we
// are root, or a clear message saying how to install it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export function ensureChromium(): string | undefined {
  const candidate = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(candidate)) return candidate;
  if (process.getuid?.() === 0) {
    console.log('Chromium não encontrado: instalando com apt-get (chromium)...');
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (existsSync(candidate)) return candidate;
  }
  console.error('Chromium não encontrado em /usr/bin/chromium: instale com `sudo apt-get install -y chromium` (ou defina CHROMIUM_PATH).');
  return undefined;
}
