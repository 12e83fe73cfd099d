// A quiet `npm start`: the Lambdas' logger and metrics get the local runtime's Powertools settings
// (they are made at import, before the runtime sets the Lambdas' environment: every request printed
// 'Namespace should be defined, default used'), and the banner is the address, one line per
// stand-in and the demo accounts.
import { describe, expect, it } from 'vitest';
import { startBanner } from '../../infra/local/banner';
import { loadConfig, STAND_IN_NAMES } from '../../infra/local/config';

describe('npm start', () => {
  it('makes the Lambdas’ logger and metrics with the local settings, whatever imports them first', async () => {
    for (const name of ['POWERTOOLS_SERVICE_NAME', 'POWERTOOLS_METRICS_NAMESPACE', 'POWERTOOLS_METRICS_DISABLED', 'LOG_LEVEL']) delete process.env[name];
    // As start.ts does: the runtime, which imports every context's handlers' modules.
    await import('../../infra/local/runtime');
    const { metrics, logger } = await import('../../lambdas/platform/observability');
    const settings = metrics as unknown as { isDisabled(): boolean; namespace?: string };
    expect(settings.isDisabled()).toBe(true);
    expect(settings.namespace).toBe('PortalPlural');
    expect(logger.getLevelName()).toBe('WARN');
  }, 60_000);

  it('prints the address, one line per stand-in and the demo accounts', () => {
    const config = loadConfig([], { PORT: '4000' });
    const lines = startBanner({
      config,
      seconds: '9.5',
      url: 'http://localhost:4000',
      mailUrl: 'http://localhost:4007',
      accounts: [
        { email: 'master@portal.local', roles: ['master'] },
        { email: 'autor@portal.local', roles: ['author'] },
        { email: 'leitor@portal.local', roles: [] },
      ],
      password: 'Portal123',
      google: { keyFile: 'g.json', propertyId: '1', networkCode: '2' },
    });
    expect(lines).toContain('Portal Plural pronto em 9.5 s: http://localhost:4000');
    const standIns = Object.entries(STAND_IN_NAMES).filter(([name]) => name !== 'gateway');
    for (const [name, label] of standIns) {
      const port = config.ports[name as keyof typeof config.ports];
      expect(lines.filter((line) => line.includes(label) && line.includes(`:${port}`)), label).toHaveLength(1);
    }
    expect(lines).toContain('  master@portal.local      Master');
    expect(lines).toContain('  autor@portal.local       Autor');
    expect(lines).toContain('  leitor@portal.local      leitor');
    // The title, the stand-ins, the accounts and the last line: nothing else.
    expect(lines.filter(Boolean)).toHaveLength(1 + 1 + standIns.length + 1 + 3 + 1);
  });

  it('prints the demo staff’s TOTP keys beside their accounts, and how to get a code without a phone', () => {
    const lines = startBanner({
      config: loadConfig([], { PORT: '4000' }),
      seconds: '9.5',
      url: 'http://localhost:4000',
      mailUrl: 'http://localhost:4007',
      accounts: [
        { email: 'editor@portal.local', roles: ['editor'], totpSecret: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567' },
        { email: 'leitor@portal.local', roles: [] },
      ],
      password: 'Portal123',
      google: { keyFile: 'g.json', propertyId: '1', networkCode: '2' },
    });
    expect(lines).toContain('  editor@portal.local      Editor (chave TOTP ABCDEFGHIJKLMNOPQRSTUVWXYZ234567)');
    expect(lines).toContain('  leitor@portal.local      leitor');
    expect(lines.some((line) => line.includes('npm run totp -- <e-mail>'))).toBe(true);
  });
});
