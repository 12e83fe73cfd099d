// Admin › Candidaturas: author applications, newest first, with their status. The list masks the CPF
// and the phone; the detail (opened from a row) shows everything the applicant sent. Approve and
// reject only while pending: approval gives the author role (creating the account, with an
// invitation, when the e-mail has none); rejection may carry a reason, e-mailed to the applicant.
import { useState } from 'react';
import { Anchor, Badge, Button, Divider, Drawer, Group, SimpleGrid, Skeleton, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RetryAlert } from '../../../components/RetryAlert';
import { errorMessage } from '../../../lib/api';
import { formatCardDateTime, formatDate } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import {
  approveApplication,
  getApplication,
  listApplications,
  rejectApplication,
  type ApplicationStatus,
  type AuthorApplication,
} from '../api/admin';
import { adminKeys } from '../api/keys';
import { ListState, LoadMore, usePagedList } from './AdminTable';

const STATUS: Record<ApplicationStatus, { label: string; color: string }> = {
  pending: { label: 'Pendente', color: 'yellow' },
  approved: { label: 'Aprovada', color: 'teal' },
  rejected: { label: 'Rejeitada', color: 'red' },
};

function StatusBadge({ status }: { status: ApplicationStatus }) {
  return (
    <Badge color={STATUS[status].color} variant="light" tt="none">
      {STATUS[status].label}
    </Badge>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Text>
    </Stack>
  );
}

function ApplicationDetail({ id, onDone }: { id: string; onDone: () => void }) {
  const queryClient = useQueryClient();
  const detail = useQuery({ queryKey: adminKeys.application(id), queryFn: () => getApplication(id) });
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.applications() });
  const approve = useMutation({
    mutationFn: () => approveApplication(id),
    onSuccess: ({ account }) => {
      notifySuccess(
        'Candidatura Aprovada',
        account === 'created' ? 'Usuário criado com sucesso. Email de boas-vindas enviado.' : 'Papel de autor atribuído à conta existente. Email de boas-vindas enviado.',
      );
      void refresh();
      onDone();
    },
    onError: (error) => notifyError('Erro', errorMessage(error, 'Não foi possível aprovar a candidatura.')),
  });
  const reject = useMutation({
    mutationFn: () => rejectApplication(id, reason),
    onSuccess: () => {
      notifySuccess('Candidatura Rejeitada', 'Email de notificação enviado ao candidato.');
      void refresh();
      onDone();
    },
    onError: (error) => notifyError('Erro', errorMessage(error, 'Não foi possível rejeitar a candidatura.')),
  });

  if (detail.isPending) return <Skeleton height={420} />;
  if (detail.isError) return <RetryAlert message="Não foi possível carregar a candidatura." onRetry={() => void detail.refetch()} retrying={detail.isFetching} compact />;
  const application: AuthorApplication = detail.data;
  const social = Object.entries(application.social_media).filter((entry): entry is [string, string] => Boolean(entry[1]));
  const media = [application.media_experience.writing && 'Texto', application.media_experience.audio && 'Áudio', application.media_experience.video && 'Vídeo'].filter(Boolean);
  const busy = approve.isPending || reject.isPending;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={3} size="h4">
          {application.full_name}
        </Title>
        <StatusBadge status={application.status} />
      </Group>
      <Text size="sm" c="dimmed">
        Enviada em {formatCardDateTime(application.created_at)}
        {application.decided_at ? ` · decidida em ${formatCardDateTime(application.decided_at)}` : ''}
      </Text>
      <Divider label="Dados Pessoais" labelPosition="left" />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Field label="E-mail">{application.email}</Field>
        <Field label="CPF">{application.cpf}</Field>
        <Field label="Telefone">{application.phone}</Field>
        <Field label="Endereço">{application.address}</Field>
      </SimpleGrid>
      <Divider label="Redes Sociais e Site" labelPosition="left" />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {social.length === 0 ? <Field label="Redes sociais">{''}</Field> : social.map(([network, handle]) => <Field key={network} label={network}>{handle}</Field>)}
        <Field label="Site">
          {application.website ? (
            <Anchor href={application.website} target="_blank" rel="noopener noreferrer" size="sm">
              {application.website}
            </Anchor>
          ) : (
            ''
          )}
        </Field>
      </SimpleGrid>
      <Divider label="Informações Profissionais" labelPosition="left" />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Field label="Registro profissional">{application.professional_registration ?? ''}</Field>
        <Field label="Anos de experiência">{application.experience_years}</Field>
        <Field label="Experiência em mídia">{media.join(', ')}</Field>
      </SimpleGrid>
      <Field label="Veículos anteriores">{application.previous_outlets}</Field>
      <Field label="Expectativas">{application.expectations}</Field>
      <Text size="xs" c="dimmed">
        Consentimento LGPD registrado em {formatCardDateTime(application.consent_at)} (versão {application.consent_version}).
      </Text>
      {application.rejection_reason && <Field label="Motivo da rejeição">{application.rejection_reason}</Field>}
      {application.status === 'pending' && (
        <>
          <Divider />
          {rejecting ? (
            <Stack gap="sm">
              <Textarea
                label="Motivo da rejeição (opcional)"
                description="Enviado ao candidato por e-mail."
                value={reason}
                onChange={(event) => setReason(event.currentTarget.value)}
                autosize
                minRows={3}
                maxLength={1000}
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setRejecting(false)} disabled={busy}>
                  Cancelar
                </Button>
                <Button color="red" loading={reject.isPending} onClick={() => reject.mutate()}>
                  Rejeitar candidatura
                </Button>
              </Group>
            </Stack>
          ) : (
            <Group justify="flex-end">
              <Button variant="default" color="red" onClick={() => setRejecting(true)} disabled={busy}>
                Rejeitar
              </Button>
              <Button color="teal" loading={approve.isPending} onClick={() => approve.mutate()}>
                Aprovar
              </Button>
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}

export default function ApplicationsTab() {
  const { query: applications, rows } = usePagedList(adminKeys.applications(), listApplications);
  const [open, setOpen] = useState<string | null>(null);


  return (
    <Stack gap="md">
      <ListState query={applications} empty={rows.length === 0} what="as candidaturas" emptyText="Nenhuma candidatura recebida ainda.">
          <Table verticalSpacing="sm" highlightOnHover miw={720} className="stack-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Candidato</Table.Th>
                <Table.Th>CPF</Table.Th>
                <Table.Th>Telefone</Table.Th>
                <Table.Th>Enviada</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th aria-label="Ações" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td data-primary>
                    <Text fw={500} size="sm">
                      {row.full_name}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                      {row.email}
                    </Text>
                  </Table.Td>
                  <Table.Td data-label="CPF">{row.cpf}</Table.Td>
                  <Table.Td data-label="Telefone">{row.phone}</Table.Td>
                  <Table.Td data-label="Enviada">{formatDate(row.created_at)}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={row.status} />
                  </Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="light" onClick={() => setOpen(row.id)} aria-label={`Ver candidatura de ${row.full_name}`}>
                      {row.status === 'pending' ? 'Avaliar' : 'Ver'}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
      </ListState>
      <LoadMore query={applications} label="Carregar mais candidaturas" />
      <Drawer opened={open !== null} onClose={() => setOpen(null)} position="right" size="lg" title="Candidatura de autor">
        {open && <ApplicationDetail id={open} onDone={() => setOpen(null)} />}
      </Drawer>
    </Stack>
  );
}
