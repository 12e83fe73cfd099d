// The consent banner: a bottom sheet that leaves the page readable (no overlay, no focus trap).
// First "Aceitar todos", "Rejeitar" or "Escolher"; "Escolher" (and the footer's "Preferências de
// cookies") shows a switch per purpose that needs consent. Counting visits without cookies needs
// none and is only described.
import { useEffect, useId, useRef, useState } from 'react';
import { Anchor, Button, CloseButton, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { CONSENT_LABELS, CONSENT_PURPOSES, PRIVACY_MESSAGES, type ConsentPurpose } from '../../../../../shared/privacy-rules';
import { notifySuccess } from '../../../lib/notify';
import { chooseConsent, closeConsentPreferences, saveConsent, type StoredConsent } from '../consent-store';
import { PRIVACY_PATH } from '../paths';

interface Props {
  mode: 'banner' | 'choose';
  choice: StoredConsent | null;
}

export default function ConsentPanel({ mode, choice }: Props) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const sheet = useRef<HTMLElement>(null);
  const [values, setValues] = useState<Record<ConsentPurpose, boolean>>({
    ads: choice?.ads ?? false,
    personalization: choice?.personalization ?? false,
  });
  const [saving, setSaving] = useState(false);
  const choosing = mode === 'choose';

  // Opened on purpose (the footer, "Escolher"): the reader lands on it, and goes back where they were
  // once it closes. The first-visit banner takes no focus.
  useEffect(() => {
    if (!choosing) return;
    const before = document.activeElement;
    heading.current?.focus();
    return () => {
      if (before instanceof HTMLElement && before.isConnected) before.focus();
    };
  }, [choosing]);

  // The page gets room below its end for the sheet, so the footer can still be scrolled into view.
  useEffect(() => {
    const element = sheet.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      document.body.style.paddingBottom = `${element.offsetHeight}px`;
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      document.body.style.paddingBottom = '';
    };
  }, []);

  // Esc closes the preferences when there is a choice to fall back to.
  useEffect(() => {
    if (!choosing || !choice) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeConsentPreferences();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [choosing, choice]);

  function save(next: { ads: boolean; personalization: boolean }, announce: boolean) {
    setSaving(true);
    // The choice holds even if its record fails: that is sent again on the next page load.
    saveConsent(next, 'banner').catch(() => undefined);
    if (announce) notifySuccess(PRIVACY_MESSAGES.consentSaved);
  }

  const set = (purpose: ConsentPurpose) => (checked: boolean) =>
    setValues((old) => (purpose === 'ads' && !checked ? { ads: false, personalization: false } : { ...old, [purpose]: checked }));

  const titleId = `${id}-title`;
  return (
    <Paper
      component="section"
      ref={sheet}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      shadow="xl"
      radius="md"
      withBorder
      p={{ base: 'sm', sm: 'md' }}
      className="consent-sheet"
      style={{
        position: 'fixed',
        // Below Mantine's modals (200): a dialog the reader opened stays on top.
        zIndex: 190,
        insetInline: 0,
        bottom: 0,
        marginInline: 'auto',
        marginBottom: 'max(0px, env(safe-area-inset-bottom))',
        maxWidth: '46rem',
        maxHeight: '85dvh',
        overflowY: 'auto',
        borderBottomLeftRadius: 0,
        borderBottomRightRadius: 0,
      }}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={2} size="h5" id={titleId} ref={heading} tabIndex={-1}>
            {choosing ? 'Preferências de cookies' : 'Sua privacidade no Portal Plural'}
          </Title>
          {choosing && choice && <CloseButton aria-label="Fechar sem alterar" onClick={closeConsentPreferences} />}
        </Group>
        <Text size="sm">
          {choosing
            ? 'Escolha o que pode ser carregado além do próprio portal. Você pode mudar isso quando quiser, em “Preferências de cookies”, no rodapé.'
            : 'Contamos as visitas sem cookies. Os anúncios do Google, que usam cookies, e a personalização deles só com a sua permissão.'}{' '}
          <Anchor component={Link} to={PRIVACY_PATH} size="sm">
            Política de Privacidade
          </Anchor>
        </Text>

        {choosing && (
          <Stack gap="sm" py="xs">
            <div>
              <Text size="sm" fw={600}>
                Contagem de visitas (sempre ativa)
              </Text>
              <Text size="xs" c="dimmed">
                Contamos as páginas lidas sem cookies e sem identificar você. Não precisa de consentimento.
              </Text>
            </div>
            {CONSENT_PURPOSES.map((purpose) => (
              <Switch
                key={purpose}
                checked={values[purpose]}
                disabled={purpose === 'personalization' && !values.ads}
                onChange={(event) => set(purpose)(event.currentTarget.checked)}
                label={CONSENT_LABELS[purpose].title}
                description={CONSENT_LABELS[purpose].description}
                styles={{ label: { fontWeight: 600 } }}
              />
            ))}
          </Stack>
        )}

        {/* Rejecting is as plain as accepting: the same look, one click each; one row on a phone too. */}
        <Group gap="xs" justify="flex-end" wrap={choosing ? 'wrap' : 'nowrap'}>
          {choosing ? (
            <>
              <Button variant="default" size="sm" disabled={saving} onClick={() => save({ ads: false, personalization: false }, true)}>
                Rejeitar
              </Button>
              <Button variant="default" size="sm" disabled={saving} onClick={() => save({ ads: true, personalization: true }, true)}>
                Aceitar todos
              </Button>
              <Button size="sm" disabled={saving} onClick={() => save(values, true)}>
                Salvar preferências
              </Button>
            </>
          ) : (
            <>
              <Button variant="subtle" size="compact-md" onClick={chooseConsent}>
                Escolher
              </Button>
              <Button size="compact-md" disabled={saving} onClick={() => save({ ads: false, personalization: false }, false)}>
                Rejeitar
              </Button>
              <Button size="compact-md" disabled={saving} onClick={() => save({ ads: true, personalization: true }, false)}>
                Aceitar todos
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
