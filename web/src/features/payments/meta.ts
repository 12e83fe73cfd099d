// /pricing's address, title and description: the page sets them in the browser, the server in <head>.
import { PREMIUM_PRICE_BRL } from '../../../../shared/payments';
import { formatBRL } from '../../lib/format';
import { pageTitle } from '../../lib/page-meta';

export const PRICING_PATH = '/pricing';
export const PRICING_TITLE = pageTitle('Planos');
export const PRICING_DESCRIPTION = `Assine o Portal Plural Premium por ${formatBRL(PREMIUM_PRICE_BRL)} por mês: conteúdo exclusivo ilimitado, novos artigos toda semana e nenhum anúncio.`;
