// The privacy notice's title and description: the page sets them in the browser, the server in <head>.
import { CONSENT_VERSION } from '../../../../shared/privacy-rules';
import { pageTitle } from '../../lib/page-meta';

export const PRIVACY_TITLE = pageTitle('Política de Privacidade');
export const PRIVACY_DESCRIPTION =
  'Como o Portal Plural trata os seus dados pessoais: o que coletamos, por quê, por quanto tempo, com quem compartilhamos e como exercer os seus direitos pela LGPD.';

const MONTHS = ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'];

/** '2026-11-v1' → 'novembro de 2026' (null for a version not named by its month). */
export function versionMonth(version = CONSENT_VERSION): string | null {
  const match = /^(\d{4})-(\d{2})/.exec(version);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  return match && month ? `${month} de ${match[1]}` : null;
}
