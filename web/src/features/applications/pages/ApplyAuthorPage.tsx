// /apply-author (spec 2 "Author application"): open to anyone, signed in or not. Three sections —
// Dados Pessoais, Redes Sociais e Site, Informações Profissionais — and the LGPD consent; after
// sending, 'Candidatura Enviada!' with the way back home. The server checks every rule (the CPF's
// check digits, one pending application per e-mail and per CPF, a limit per address); its first
// message is shown in a toast and on its field.
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Checkbox, Container, Group, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import {
  APPLICATION_CONSENT_TEXT,
  APPLICATION_MESSAGES,
  type AuthorApplicationInput,
} from '../../../../../shared/applications';
import { ApiRequestError, errorMessage } from '../../../lib/api';
import { notifyError } from '../../../lib/notify';
import { pageTitle, usePageMeta } from '../../../lib/page-meta';
import { PrivacyLink } from '../../privacy/components/PrivacyLink';
import { submitApplication } from '../api/applications';
import '../../../styles/staff.css';

interface FormState {
  full_name: string;
  email: string;
  cpf: string;
  phone: string;
  address: string;
  facebook: string;
  instagram: string;
  twitter: string;
  linkedin: string;
  website: string;
  professional_registration: string;
  experience_years: string;
  previous_outlets: string;
  writing: boolean;
  audio: boolean;
  video: boolean;
  expectations: string;
  consent: boolean;
}

const EMPTY: FormState = {
  full_name: '',
  email: '',
  cpf: '',
  phone: '',
  address: '',
  facebook: '',
  instagram: '',
  twitter: '',
  linkedin: '',
  website: '',
  professional_registration: '',
  experience_years: '',
  previous_outlets: '',
  writing: false,
  audio: false,
  video: false,
  expectations: '',
  consent: false,
};

const optional = (value: string) => (value.trim() ? value : null);

function toInput(form: FormState): AuthorApplicationInput {
  return {
    full_name: form.full_name,
    email: form.email,
    cpf: form.cpf,
    phone: form.phone,
    address: form.address,
    social_media: {
      facebook: optional(form.facebook),
      instagram: optional(form.instagram),
      twitter: optional(form.twitter),
      linkedin: optional(form.linkedin),
    },
    website: optional(form.website),
    professional_registration: optional(form.professional_registration),
    experience_years: form.experience_years,
    previous_outlets: form.previous_outlets,
    media_experience: { writing: form.writing, audio: form.audio, video: form.video },
    expectations: form.expectations,
    consent: form.consent,
  } as AuthorApplicationInput;
}

function Section({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id}>
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {description}
      </Text>
      <Stack gap="md">{children}</Stack>
    </Paper>
  );
}

function Sent() {
  return (
    <Container size="sm" py={60}>
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" ta="center" gap="sm" role="status">
          <ThemeIcon size={56} radius="xl" color="teal" variant="light">
            <IconCircleCheck size={32} />
          </ThemeIcon>
          <Title order={1} size="h2">
            Candidatura Enviada!
          </Title>
          <Text c="dimmed">Sua candidatura foi enviada com sucesso. Entraremos em contato em breve.</Text>
          <Button component={Link} to="/" mt="sm">
            Voltar ao início
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}

export default function ApplyAuthorPage() {
  usePageMeta(pageTitle('Seja um autor'), 'Candidate-se para escrever no Portal Plural: conte sua experiência e o que espera publicar.');
  const [form, setForm] = useState<FormState>(EMPTY);
  const [invalid, setInvalid] = useState<{ field: string; message: string } | null>(null);
  const send = useMutation({
    mutationFn: (input: AuthorApplicationInput) => submitApplication(input),
    onError: (error) => {
      const message = errorMessage(error, APPLICATION_MESSAGES.submitError);
      notifyError('Erro', message);
      if (error instanceof ApiRequestError && error.field) setInvalid({ field: error.field, message });
    },
  });

  if (send.isSuccess) return <Sent />;

  const set = <K extends keyof FormState>(key: K) => (value: FormState[K]) => {
    setForm((previous) => ({ ...previous, [key]: value }));
    if (invalid?.field === key || (invalid?.field === 'social_media' && ['facebook', 'instagram', 'twitter', 'linkedin'].includes(key))) setInvalid(null);
  };
  const text = (key: keyof FormState) => ({
    value: form[key] as string,
    onChange: (event: { currentTarget: { value: string } }) => set(key)(event.currentTarget.value as never),
    error: invalid?.field === key ? invalid.message : undefined,
    name: key,
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    send.mutate(toInput(form));
  }

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Seja um autor Plural</Title>
          <Text c="dimmed">
            Escreva sobre a sua cidade para leitores de todo o Brasil. Conte quem você é e como trabalha; a equipe do portal
            avalia cada candidatura e responde por e-mail.
          </Text>
        </Stack>
        <form noValidate onSubmit={submit} aria-label="Candidatura de autor">
          <Stack gap="lg">
            <Section title="Dados Pessoais" description="Usados só para avaliar sua candidatura e criar seu acesso de autor.">
              <TextInput label="Nome completo" autoComplete="name" required {...text('full_name')} />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="Email" type="email" autoComplete="email" required {...text('email')} />
                <TextInput label="CPF" placeholder="000.000.000-00" inputMode="numeric" maxLength={14} required {...text('cpf')} />
                <TextInput label="Telefone" type="tel" autoComplete="tel" placeholder="(11) 91234-5678" required {...text('phone')} />
              </SimpleGrid>
              <TextInput label="Endereço" autoComplete="street-address" placeholder="Rua, número, bairro, cidade – UF" required {...text('address')} />
            </Section>

            <Section title="Redes Sociais e Site" description="Opcional: onde podemos conhecer o que você já publicou.">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="Facebook" placeholder="facebook.com/seu.perfil" {...text('facebook')} error={invalid?.field === 'social_media' ? invalid.message : undefined} />
                <TextInput label="Instagram" placeholder="@seuperfil" {...text('instagram')} />
                <TextInput label="X (Twitter)" placeholder="@seuperfil" {...text('twitter')} />
                <TextInput label="LinkedIn" placeholder="linkedin.com/in/seu-perfil" {...text('linkedin')} />
              </SimpleGrid>
              <TextInput label="Site" type="url" placeholder="https://..." {...text('website')} />
            </Section>

            <Section title="Informações Profissionais" description="Sua experiência e o que espera escrever no portal.">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="Registro profissional" description="MTb ou outro, se tiver." {...text('professional_registration')} />
                <TextInput label="Anos de experiência" placeholder="Ex.: 5 anos" required {...text('experience_years')} />
              </SimpleGrid>
              <Textarea
                label="Veículos em que já publicou"
                description="Jornais, sites, rádios, blogs…"
                autosize
                minRows={3}
                required
                {...text('previous_outlets')}
              />
              <Stack gap={6}>
                <Text size="sm" fw={500}>
                  Experiência em mídia
                </Text>
                <Group gap="lg">
                  <Checkbox label="Texto" checked={form.writing} onChange={(event) => set('writing')(event.currentTarget.checked)} />
                  <Checkbox label="Áudio" checked={form.audio} onChange={(event) => set('audio')(event.currentTarget.checked)} />
                  <Checkbox label="Vídeo" checked={form.video} onChange={(event) => set('video')(event.currentTarget.checked)} />
                </Group>
              </Stack>
              <Textarea label="Expectativas" description="O que você quer publicar no Portal Plural?" autosize minRows={3} required {...text('expectations')} />
            </Section>

            <Paper withBorder radius="md" p="lg">
              <Checkbox
                label={APPLICATION_CONSENT_TEXT}
                checked={form.consent}
                onChange={(event) => set('consent')(event.currentTarget.checked)}
                error={invalid?.field === 'consent' ? invalid.message : undefined}
              />
              <PrivacyLink mt="sm" />
            </Paper>

            <Group justify="flex-end">
              <Button component={Link} to="/" variant="default">
                Cancelar
              </Button>
              <Button type="submit" loading={send.isPending}>
                {send.isPending ? 'Enviando...' : 'Enviar candidatura'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Container>
  );
}
