// /privacidade: the privacy notice (LGPD art. 9), in plain pt-BR. A public page rendered on the server
// like the agenda; it holds no data of anyone, so its HTML is the same for every reader. The terms come
// from shared/privacy-rules.ts (RETENTION, PRIVACY_LIMITS, CONSENT_VERSION), the ones the system applies.
import type { ReactNode } from 'react';
import { Anchor, Button, Container, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { CONSENT_LABELS, CONSENT_VERSION, PRIVACY_LIMITS, RETENTION } from '../../../../../shared/privacy-rules';
import { usePageMeta } from '../../../lib/page-meta';
import { openConsentPreferences } from '../consent-store';
import { PRIVACY_DESCRIPTION, PRIVACY_TITLE, versionMonth } from '../meta';

const DPO_EMAIL = 'dpo@portalplural.com.br';

const days = (count: number) => (count === 1 ? '1 dia' : `${count} dias`);
const years = (count: number) => (count === 1 ? '1 ano' : `${count} anos`);

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Title order={2} size="h3" id={id} mb="xs">
        {title}
      </Title>
      <Stack gap="xs">{children}</Stack>
    </section>
  );
}

const SettingsLink = ({ children }: { children: ReactNode }) => (
  <Anchor component={Link} to="/settings">
    {children}
  </Anchor>
);

export default function PrivacyPage() {
  usePageMeta(PRIVACY_TITLE, PRIVACY_DESCRIPTION);
  const month = versionMonth();
  return (
    <Container size="md" py="xl">
      <Stack gap="xl">
        <header>
          <Title order={1}>Política de Privacidade</Title>
          <Text c="dimmed" mt="xs">
            Como o Portal Plural trata os seus dados pessoais, em linguagem simples, conforme a Lei Geral de Proteção de Dados (LGPD, Lei 13.709/2018).
          </Text>
          <Text size="sm" c="dimmed" mt="xs">
            Versão {CONSENT_VERSION}
            {month ? `, de ${month}` : ''}.
          </Text>
        </header>

        <Section id="quem-somos" title="Quem somos">
          <Text>
            O Portal Plural, jornal e comunidade de escritores, é o controlador dos dados pessoais tratados neste site: é quem decide para que e como eles
            são usados. Dúvidas e pedidos sobre os seus dados vão para o nosso encarregado (DPO), pelo e-mail{' '}
            <Anchor href={`mailto:${DPO_EMAIL}`}>{DPO_EMAIL}</Anchor>.
          </Text>
        </Section>

        <Section id="o-que-coletamos" title="O que coletamos">
          <List spacing="xs">
            <List.Item>
              <strong>Conta:</strong> e-mail, nome, bio e foto de perfil (avatar), que você informa ao se cadastrar e nas configurações; para
              autores, também a conta para receber pagamentos (Pix ou dados bancários).
            </List.Item>
            <List.Item>
              <strong>Assinatura e pagamentos:</strong> o plano, a situação da assinatura e os registros dos pagamentos. Os dados de pagamento, como o número
              do cartão, são digitados nas páginas do Stripe ou do Mercado Pago, não no portal.
            </List.Item>
            <List.Item>
              <strong>Histórico de leitura:</strong> os artigos que você leu com a sessão iniciada.
            </List.Item>
            <List.Item>
              <strong>Newsletter:</strong> o e-mail inscrito, a confirmação da inscrição e a versão do texto que você aceitou.
            </List.Item>
            <List.Item>
              <strong>Candidaturas de autor:</strong> nome, e-mail, CPF, endereço, telefone, redes sociais, site e informações profissionais enviados no
              formulário &ldquo;Seja um autor&rdquo;.
            </List.Item>
            <List.Item>
              <strong>Artigos e comentários internos:</strong> o que autores e a redação escrevem no portal, com a autoria.
            </List.Item>
            <List.Item>
              <strong>Contagem de visitas, sem cookies:</strong> as páginas vistas, o tempo de leitura, até onde você rolou a página, o site de onde você veio (só o domínio) e os anúncios exibidos. Para contar visitantes
              únicos, usamos um código (hash) do seu endereço de internet que muda todo dia; o endereço em si não é guardado.
            </List.Item>
            <List.Item>
              <strong>Consentimentos:</strong> as suas escolhas sobre cookies e anúncios, com a data, a versão do texto e um identificador aleatório do
              navegador (sem dados pessoais).
            </List.Item>
          </List>
        </Section>

        <Section id="por-que" title="Por que usamos (bases legais)">
          <List spacing="xs">
            <List.Item>
              <strong>Execução de contrato</strong> (art. 7º, V): manter a sua conta, a assinatura, os seus artigos e avaliar a sua candidatura de autor,
              que você pediu.
            </List.Item>
            <List.Item>
              <strong>Consentimento</strong> (art. 7º, I): a newsletter, os anúncios do Google e a publicidade personalizada. Você pode retirar o
              consentimento quando quiser, sem custo.
            </List.Item>
            <List.Item>
              <strong>Obrigação legal</strong> (art. 7º, II): guardar os registros de pagamento pelo prazo das leis fiscais e comprovar os
              consentimentos recebidos.
            </List.Item>
            <List.Item>
              <strong>Legítimo interesse</strong> (art. 7º, IX): contar as visitas sem identificar ninguém, recomendar leituras pelo seu histórico e
              proteger o site contra abusos.
            </List.Item>
          </List>
        </Section>

        <Section id="por-quanto-tempo" title="Por quanto tempo guardamos">
          <List spacing="xs">
            <List.Item>Dados da conta: enquanto ela existir. Ao excluir a conta, eles são apagados.</List.Item>
            <List.Item>Histórico de leitura: {days(RETENTION.readingDays)}.</List.Item>
            <List.Item>
              Registros de visitas (com o código diário do endereço): {days(RETENTION.analyticsVisitorDays)}; depois, só os totais do dia.
            </List.Item>
            <List.Item>
              Candidaturas de autor recusadas: {days(RETENTION.rejectedApplicationDays)}; depois, CPF, endereço e telefone são apagados.
            </List.Item>
            <List.Item>
              Registros de pagamento: {years(RETENTION.paymentRecordYears)}, mesmo após a exclusão da conta, como exige a lei tributária.
            </List.Item>
            <List.Item>Consentimento de visitante sem conta: {years(RETENTION.visitorConsentDays / 365)}.</List.Item>
            <List.Item>Newsletter: até você cancelar a inscrição (há um link em todo e-mail).</List.Item>
            <List.Item>Cópias dos seus dados (arquivo para baixar): {days(PRIVACY_LIMITS.exportDays)}.</List.Item>
            <List.Item>
              Artigos publicados de uma conta excluída continuam no ar, atribuídos a &ldquo;Autor Anônimo&rdquo;, sem o seu nome ou perfil.
            </List.Item>
          </List>
        </Section>

        <Section id="quem-processa" title="Quem processa os dados para nós">
          <Text>Compartilhamos dados apenas com os serviços que fazem o portal funcionar, e só o necessário para cada um:</Text>
          <List spacing="xs">
            <List.Item>
              <strong>Amazon Web Services (AWS):</strong> hospedagem do site, banco de dados, arquivos, login e envio de e-mails.
            </List.Item>
            <List.Item>
              <strong>Stripe e Mercado Pago:</strong> pagamentos das assinaturas.
            </List.Item>
            <List.Item>
              <strong>Google:</strong> anúncios (Google Ad Manager) e análise de audiência (Google Analytics), só quando o portal está conectado a esses
              serviços e, no seu navegador, só com o seu consentimento.
            </List.Item>
          </List>
          <Text>
            Alguns desses serviços podem guardar dados fora do Brasil, com as garantias exigidas pela LGPD. Não vendemos dados pessoais.
          </Text>
        </Section>

        <Section id="seus-direitos" title="Seus direitos e como exercê-los">
          <Text>A LGPD (art. 18) garante a você, entre outros, estes direitos. A maioria pode ser exercida direto no site, com a sessão iniciada:</Text>
          <List spacing="xs">
            <List.Item>
              <strong>Confirmação e acesso:</strong> em <SettingsLink>&ldquo;Meus dados&rdquo;, nas configurações</SettingsLink>, você vê o que temos
              sobre você.
            </List.Item>
            <List.Item>
              <strong>Correção:</strong> edite nome, bio e foto no <SettingsLink>seu perfil, nas configurações</SettingsLink>.
            </List.Item>
            <List.Item>
              <strong>Portabilidade:</strong> em &ldquo;Meus dados&rdquo;, peça uma cópia dos seus dados em um arquivo JSON, que fica disponível por{' '}
              {days(PRIVACY_LIMITS.exportDays)}.
            </List.Item>
            <List.Item>
              <strong>Exclusão:</strong> use <SettingsLink>&ldquo;Excluir minha conta&rdquo;, nas configurações</SettingsLink>. Guardamos só o que a
              lei obriga, como os registros de pagamento.
            </List.Item>
            <List.Item>
              <strong>Revogação do consentimento:</strong> mude as suas escolhas em &ldquo;Preferências de cookies&rdquo;, no rodapé de todas as
              páginas, ou aqui:{' '}
              <Button variant="subtle" size="compact-sm" onClick={openConsentPreferences} data-island="consent">
                Preferências de cookies
              </Button>
              . Para a newsletter, use o link de cancelamento dos e-mails ou as configurações.
            </List.Item>
            <List.Item>
              <strong>Informação sobre compartilhamento:</strong> os serviços estão listados acima, em &ldquo;Quem processa os dados para nós&rdquo;.
            </List.Item>
            <List.Item>
              <strong>Outros pedidos</strong> (anonimização, oposição, revisão de decisões automatizadas, reclamações): escreva ao encarregado. Você
              também pode reclamar à Autoridade Nacional de Proteção de Dados (ANPD).
            </List.Item>
          </List>
        </Section>

        <Section id="cookies" title="Cookies e armazenamento local">
          <Text>
            O portal não usa cookies próprios de rastreamento. No seu navegador (armazenamento local), guardamos apenas: a sua sessão de login, a
            indicação de que você é assinante (para não mostrar anúncios), as suas escolhas de consentimento e o identificador aleatório que as
            acompanha.
          </Text>
          <Text>Dependem do seu consentimento, dado no aviso que aparece na primeira visita:</Text>
          <List spacing="xs">
            <List.Item>
              <strong>{CONSENT_LABELS.ads.title}:</strong> {CONSENT_LABELS.ads.description}
            </List.Item>
            <List.Item>
              <strong>{CONSENT_LABELS.personalization.title}:</strong> {CONSENT_LABELS.personalization.description}
            </List.Item>
          </List>
          <Text>Sem o seu consentimento, o script do Google não é carregado e você vê apenas os anúncios do próprio portal.</Text>
        </Section>

        <Section id="contato" title="Contato">
          <Text>
            Fale com o encarregado pelo e-mail <Anchor href={`mailto:${DPO_EMAIL}`}>{DPO_EMAIL}</Anchor>. Respondemos no prazo da LGPD.
          </Text>
          <Text size="sm" c="dimmed">
            Quando este texto mudar, a versão acima muda e pedimos o seu consentimento de novo.
          </Text>
        </Section>
      </Stack>
    </Container>
  );
}
