// The sandbox's hosted pages (Stripe Checkout and customer portal, Mercado Pago's subscription and
// payment checkouts, the boleto/PIX ticket), in pt-BR, self-contained: inline CSS, no external assets.

export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

/** "R$ 50,00" with a plain space (Intl puts a no-break space there, which text matching trips on). */
export function formatMoney(amount: number, currency: string): string {
  return new Intl.NumberFormat('pt-BR', { style: 'currency', currency: currency.toUpperCase() }).format(amount).replace(/\u00a0/g, ' ');
}

export const intervalLabel = (interval: string, count = 1): string => {
  const singular: Record<string, string> = { day: 'dia', week: 'semana', month: 'mês', year: 'ano', days: 'dia', months: 'mês' };
  const plural: Record<string, string> = { day: 'dias', week: 'semanas', month: 'meses', year: 'anos', days: 'dias', months: 'meses' };
  return count === 1 ? (singular[interval] ?? interval) : `${count} ${plural[interval] ?? interval}`;
};

export const formatDate = (ms: number): string => new Date(ms).toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });

const SANDBOX_BANNER = `<div class="sandbox">Ambiente de testes local — nenhum pagamento real é feito.</div>`;

function layout(title: string, css: string, body: string): string {
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
*{box-sizing:border-box}
body{margin:0;font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;font-size:15px;line-height:1.45}
.sandbox{font-size:12px;text-align:center;padding:6px;background:#fff4d6;color:#6b4e00;border-bottom:1px solid #f0dca0}
label{display:block;font-size:13px;margin:12px 0 4px}
input[type=text],input[type=email]{width:100%;padding:10px 12px;border-radius:6px;font-size:15px;font-family:inherit}
button{font:inherit;cursor:pointer}
.row{display:flex;gap:12px}.row>div{flex:1}
.error{padding:10px 12px;border-radius:6px;background:#fdecea;color:#8a1c12;border:1px solid #f5c2bd;margin:12px 0}
.notice{padding:10px 12px;border-radius:6px;background:#e8f5ec;color:#17552b;border:1px solid #bfe3cb;margin:12px 0}
.muted{color:#6b7280;font-size:13px}
code.copy{display:block;word-break:break-all;padding:10px;border-radius:6px;background:#f3f4f6;font-size:12px;user-select:all}
${css}
</style>
</head>
<body>
${SANDBOX_BANNER}
${body}
</body>
</html>`;
}

const STRIPE_CSS = `
body{background:#f6f9fc;color:#1a1f36}
.checkout{max-width:920px;margin:40px auto;display:flex;gap:48px;padding:0 24px;flex-wrap:wrap}
.summary{flex:1;min-width:260px}
.merchant{font-weight:600;font-size:16px;margin-bottom:28px;display:flex;align-items:center;gap:10px}
.merchant .logo{width:28px;height:28px;border-radius:50%;background:#1a1f36;color:#fff;display:flex;align-items:center;justify-content:center;font-size:13px}
.product{color:#697386;font-size:16px}
.price{font-size:36px;font-weight:600;margin:6px 0}
.price small{font-size:15px;color:#697386;font-weight:400}
.pay{flex:1;min-width:300px;background:#fff;border-radius:8px;box-shadow:0 2px 12px rgba(26,31,54,.08);padding:28px}
.pay h2{font-size:18px;margin:0 0 4px}
.pay input{border:1px solid #d8dee8;background:#fff}
.primary{width:100%;margin-top:20px;padding:12px;border:0;border-radius:6px;background:#0a2540;color:#fff;font-weight:600;font-size:16px}
.secondary{width:100%;margin-top:10px;padding:10px;border:1px solid #d8dee8;border-radius:6px;background:#fff;color:#8a1c12}
a.back{display:inline-block;margin-top:18px;color:#635bff;text-decoration:none;font-size:14px}
.portal{max-width:680px;margin:40px auto;padding:0 24px}
.card{background:#fff;border-radius:8px;box-shadow:0 2px 12px rgba(26,31,54,.08);padding:20px 24px;margin:16px 0}
.card h3{margin:0 0 6px;font-size:16px}
.status{display:inline-block;font-size:12px;padding:2px 8px;border-radius:10px;background:#e3e8ee;margin-left:8px}
.status.active{background:#d7f7c2;color:#05690d}.status.canceled{background:#fde2e1;color:#8a1c12}.status.past_due{background:#fcedb9;color:#7a4a00}
.card form{display:inline}
.card button{margin-top:12px;padding:8px 14px;border-radius:6px;border:1px solid #d8dee8;background:#fff}
.card button.danger{color:#8a1c12}
`;

export interface StripeCheckoutView {
  productName: string;
  priceLabel: string;
  email: string;
  postUrl: string;
  cancelUrl: string | null;
  error?: string;
  done?: { successUrl: string };
}

export function stripeCheckoutPage(view: StripeCheckoutView): string {
  const back = view.cancelUrl ? `<a class="back" href="${escapeHtml(view.cancelUrl)}">← Voltar</a>` : '';
  const form = view.done
    ? `<div class="notice">Pagamento concluído. Sua assinatura está ativa.</div><a class="back" href="${escapeHtml(view.done.successUrl)}">Continuar</a>`
    : `<h2>Pagar com cartão</h2>
      ${view.error ? `<div class="error" role="alert">${escapeHtml(view.error)}</div>` : ''}
      <form method="post" action="${escapeHtml(view.postUrl)}">
        <label for="email">E-mail</label>
        <input type="email" id="email" name="email" value="${escapeHtml(view.email)}" autocomplete="email">
        <label for="card">Número do cartão</label>
        <input type="text" id="card" name="card" value="4242 4242 4242 4242" inputmode="numeric">
        <div class="row">
          <div><label for="exp">Validade</label><input type="text" id="exp" name="exp" value="12/34"></div>
          <div><label for="cvc">CVC</label><input type="text" id="cvc" name="cvc" value="123"></div>
        </div>
        <label for="holder">Nome no cartão</label>
        <input type="text" id="holder" name="holder" value="">
        <button class="primary" type="submit" name="outcome" value="approved">Assinar</button>
        <button class="secondary" type="submit" name="outcome" value="declined">Simular cartão recusado</button>
      </form>`;
  return layout(
    'Portal Plural — Pagamento',
    STRIPE_CSS,
    `<main class="checkout">
    <section class="summary">
      <div class="merchant"><span class="logo">PP</span>Portal Plural</div>
      <div class="product">Assinar ${escapeHtml(view.productName)}</div>
      <div class="price">${escapeHtml(view.priceLabel)}</div>
      ${back}
    </section>
    <section class="pay">${form}</section>
  </main>`,
  );
}

export interface StripePortalSubscriptionView {
  id: string;
  productName: string;
  priceLabel: string;
  status: string;
  statusLabel: string;
  dateLabel: string | null;
  canCancel: boolean;
  canReactivate: boolean;
}

export function stripePortalPage(view: { email: string; subscriptions: StripePortalSubscriptionView[]; postUrl: string; returnUrl: string | null; notice?: string }): string {
  const items = view.subscriptions.length
    ? view.subscriptions
        .map(
          (subscription) => `<div class="card">
      <h3>${escapeHtml(subscription.productName)}<span class="status ${escapeHtml(subscription.status)}">${escapeHtml(subscription.statusLabel)}</span></h3>
      <div>${escapeHtml(subscription.priceLabel)}</div>
      ${subscription.dateLabel ? `<div class="muted">${escapeHtml(subscription.dateLabel)}</div>` : ''}
      ${subscription.canCancel ? `<form method="post" action="${escapeHtml(view.postUrl)}"><input type="hidden" name="subscription" value="${escapeHtml(subscription.id)}"><button class="danger" type="submit" name="action" value="cancel">Cancelar assinatura</button></form>` : ''}
      ${subscription.canReactivate ? `<form method="post" action="${escapeHtml(view.postUrl)}"><input type="hidden" name="subscription" value="${escapeHtml(subscription.id)}"><button type="submit" name="action" value="reactivate">Reativar assinatura</button></form>` : ''}
    </div>`,
        )
        .join('\n')
    : '<div class="card">Você não possui assinaturas.</div>';
  return layout(
    'Portal Plural — Gerenciar assinatura',
    STRIPE_CSS,
    `<main class="portal">
    <div class="merchant"><span class="logo">PP</span>Portal Plural</div>
    <h2>Sua assinatura</h2>
    <div class="muted">${escapeHtml(view.email)}</div>
    ${view.notice ? `<div class="notice" role="status">${escapeHtml(view.notice)}</div>` : ''}
    ${items}
    ${view.returnUrl ? `<a class="back" href="${escapeHtml(view.returnUrl)}">← Voltar ao Portal Plural</a>` : ''}
  </main>`,
  );
}

const MERCADO_PAGO_CSS = `
body{background:#ededed;color:#333}
header.mp{background:#ffe600;padding:14px 24px;box-shadow:0 1px 0 rgba(0,0,0,.1)}
header.mp .brand{font-weight:700;color:#2d3277;font-size:18px;letter-spacing:-.3px}
header.mp .brand span{background:#2d3277;color:#ffe600;border-radius:50%;padding:2px 7px;margin-right:8px;font-size:14px}
main.mp{max-width:640px;margin:32px auto;padding:0 16px}
.box{background:#fff;border-radius:6px;box-shadow:0 1px 2px rgba(0,0,0,.12);padding:24px;margin-bottom:16px}
.box h2{margin:0 0 6px;font-size:20px;font-weight:600}
.amount{font-size:30px;font-weight:300;margin:8px 0}
.box input{border:1px solid #bfbfbf}
.primary{margin-top:18px;padding:12px 24px;border:0;border-radius:6px;background:#009ee3;color:#fff;font-weight:600;font-size:15px;width:100%}
.secondary{margin-top:10px;padding:10px 24px;border:0;border-radius:6px;background:rgba(0,158,227,.12);color:#009ee3;font-weight:600;width:100%}
.method h3{margin:0 0 8px;font-size:16px}
.barcode{font-family:monospace;font-size:15px;letter-spacing:1px;padding:12px;background:#f5f5f5;border-radius:6px;text-align:center}
.bars{height:54px;margin:14px 0;background:repeating-linear-gradient(90deg,#000 0 2px,#fff 2px 4px,#000 4px 5px,#fff 5px 8px,#000 8px 11px,#fff 11px 12px)}
a.link{color:#009ee3;text-decoration:none}
`;

function mercadoPagoLayout(title: string, body: string): string {
  return layout(title, MERCADO_PAGO_CSS, `<header class="mp"><div class="brand"><span>mp</span>mercado pago</div></header>\n<main class="mp">${body}</main>`);
}

const mpCardFields = (email: string) => `
        <label for="email">E-mail</label>
        <input type="email" id="email" name="email" value="${escapeHtml(email)}">
        <label for="card">Número do cartão</label>
        <input type="text" id="card" name="card" value="5031 4332 1540 6351" inputmode="numeric">
        <div class="row">
          <div><label for="exp">Vencimento</label><input type="text" id="exp" name="exp" value="11/30"></div>
          <div><label for="cvv">Código de segurança</label><input type="text" id="cvv" name="cvv" value="123"></div>
        </div>
        <label for="holder">Nome do titular</label>
        <input type="text" id="holder" name="holder" value="APRO">
        <label for="cpf">CPF do titular</label>
        <input type="text" id="cpf" name="cpf" value="123.456.789-09">`;

export function mercadoPagoSubscriptionPage(view: { reason: string; priceLabel: string; email: string; postUrl: string; error?: string; done?: { backUrl: string; statusLabel: string } }): string {
  const content = view.done
    ? `<div class="notice">${escapeHtml(view.done.statusLabel)}</div><a class="link" href="${escapeHtml(view.done.backUrl)}">Voltar ao site</a>`
    : `${view.error ? `<div class="error" role="alert">${escapeHtml(view.error)}</div>` : ''}
      <form method="post" action="${escapeHtml(view.postUrl)}">
        ${mpCardFields(view.email)}
        <button class="primary" type="submit" name="outcome" value="approved">Confirmar assinatura</button>
        <button class="secondary" type="submit" name="outcome" value="declined">Simular cartão recusado</button>
      </form>`;
  return mercadoPagoLayout(
    'Mercado Pago — Assinatura',
    `<div class="box"><div class="muted">Você está assinando</div><h2>${escapeHtml(view.reason)}</h2><div class="amount">${escapeHtml(view.priceLabel)}</div><div class="muted">Cobrança automática no cartão de crédito a cada mês.</div></div>
    <div class="box">${content}</div>`,
  );
}

export interface MercadoPagoPaymentView {
  title: string;
  priceLabel: string;
  email: string;
  postUrl: string;
  pixCode: string | null;
  boleto: boolean;
  card: boolean;
  error?: string;
  closed?: string;
}

export function mercadoPagoPaymentPage(view: MercadoPagoPaymentView): string {
  const sections: string[] = [];
  if (view.pixCode !== null) {
    sections.push(`<div class="box method" id="pix"><h3>PIX</h3>
      <p class="muted">Gere o QR Code e o código copia e cola e pague no app do seu banco. A aprovação chega em instantes.</p>
      <form method="post" action="${escapeHtml(view.postUrl)}"><button class="primary" type="submit" name="method" value="pix">Gerar código PIX</button></form></div>`);
  }
  if (view.boleto) {
    sections.push(`<div class="box method" id="boleto"><h3>Boleto</h3>
      <p class="muted">O boleto vence em 3 dias úteis; a compensação leva até 2 dias úteis após o pagamento.</p>
      <form method="post" action="${escapeHtml(view.postUrl)}"><button class="primary" type="submit" name="method" value="boleto">Gerar boleto</button></form></div>`);
  }
  if (view.card) {
    sections.push(`<div class="box method" id="cartao"><h3>Cartão de crédito</h3>
      <form method="post" action="${escapeHtml(view.postUrl)}">${mpCardFields(view.email)}
        <button class="primary" type="submit" name="method" value="card">Pagar</button>
        <button class="secondary" type="submit" name="method" value="card-declined">Simular cartão recusado</button></form></div>`);
  }
  const body = view.closed
    ? `<div class="box"><div class="notice">${escapeHtml(view.closed)}</div></div>`
    : `${view.error ? `<div class="error" role="alert">${escapeHtml(view.error)}</div>` : ''}${sections.join('\n') || '<div class="box">Nenhuma forma de pagamento disponível.</div>'}`;
  return mercadoPagoLayout(
    'Mercado Pago — Pagamento',
    `<div class="box"><div class="muted">Você vai pagar</div><h2>${escapeHtml(view.title)}</h2><div class="amount">${escapeHtml(view.priceLabel)}</div><div class="muted">${escapeHtml(view.email)}</div></div>
    ${body}`,
  );
}

export function mercadoPagoTicketPage(view: {
  method: 'pix' | 'boleto';
  title: string;
  priceLabel: string;
  code: string;
  dueLabel: string | null;
  paid: boolean;
  postUrl: string;
  /** A PIX's QR image (qr_code_base64). */
  qrBase64?: string | null;
}): string {
  const status = view.paid ? `<div class="notice" role="status">Pagamento aprovado.</div>` : '';
  const content =
    view.method === 'boleto'
      ? `<h3>Boleto bancário</h3>${view.dueLabel ? `<div class="muted">Vencimento: ${escapeHtml(view.dueLabel)}</div>` : ''}
      <div class="bars" aria-hidden="true"></div>
      <div class="barcode">${escapeHtml(view.code)}</div>
      ${view.paid ? '' : `<form method="post" action="${escapeHtml(view.postUrl)}"><button class="primary" type="submit">Simular compensação do boleto</button></form>`}`
      : `<h3>PIX</h3>${view.dueLabel ? `<div class="muted">Válido até: ${escapeHtml(view.dueLabel)}</div>` : ''}
      ${view.qrBase64 ? `<img src="data:image/png;base64,${escapeHtml(view.qrBase64)}" alt="QR Code PIX" width="200" height="200">` : ''}
      <h3>PIX copia e cola</h3><code class="copy">${escapeHtml(view.code)}</code>
      ${view.paid ? '' : `<form method="post" action="${escapeHtml(view.postUrl)}"><button class="primary" type="submit">Simular pagamento PIX</button></form>`}`;
  return mercadoPagoLayout(
    view.method === 'boleto' ? 'Mercado Pago — Boleto' : 'Mercado Pago — PIX',
    `<div class="box"><h2>${escapeHtml(view.title)}</h2><div class="amount">${escapeHtml(view.priceLabel)}</div>${status}</div>
    <div class="box method">${content}</div>`,
  );
}

export function messagePage(provider: 'stripe' | 'mercadopago', title: string, message: string): string {
  const body = `<div class="box card"><h2>${escapeHtml(title)}</h2><p>${escapeHtml(message)}</p></div>`;
  return provider === 'stripe' ? layout(title, STRIPE_CSS, `<main class="portal">${body}</main>`) : mercadoPagoLayout(title, body);
}
