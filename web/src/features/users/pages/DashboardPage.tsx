// /dashboard (spec 2 "Dashboard"): greeting, role cards, quick buttons and the analytics overview.
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Badge, Button, Card, Container, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconCrown,
  IconFileText,
  IconKey,
  IconPencil,
  IconSettings,
  IconUserCheck,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { can, ROLE_LABELS } from '../../../../../shared/roles';
import { useMe } from '../../../auth/useMe';
import { RetryAlert } from '../../../components/RetryAlert';
import { errorMessage } from '../../../lib/api';
import { notifyError } from '../../../lib/notify';
import { ReviewQueue } from '../../articles/components/ReviewQueue';
import { DashboardFigures } from '../components/DashboardFigures';
import { RoleCard } from '../components/RoleCard';
import { userKeys } from '../api/keys';
import { fetchMasterStatus } from '../api/master';
import { pageTitle, usePageMeta } from '../../../lib/page-meta';
import '../../../styles/staff.css';

// The analytics overview and its charts: a chunk of their own, loaded only for the staff.
const DashboardAnalytics = lazy(() => import('../../analytics/components/DashboardAnalytics'));

function DashboardSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Carregando dashboard">
      <Skeleton height={36} width="40%" />
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        <Skeleton height={200} radius="md" />
        <Skeleton height={200} radius="md" />
        <Skeleton height={200} radius="md" />
      </SimpleGrid>
      <Skeleton height={140} radius="md" />
    </Stack>
  );
}

/**
 * For a user without a role: while no master exists, 'Configure seu Acesso' (claim master, or apply);
 * afterwards only the invitation to apply as an author.
 */
function AccessCard({ firstAccess }: { firstAccess: boolean }) {
  const apply = (
    <Button component={Link} to="/apply-author" variant={firstAccess ? 'default' : 'filled'} leftSection={<IconUserCheck size={16} />}>
      Candidatar-se como autor
    </Button>
  );
  return (
    <Card withBorder radius="md" padding="lg">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon size={40} radius="md" variant="light" color={firstAccess ? 'orange' : undefined}>
          {firstAccess ? <IconKey size={22} /> : <IconUserCheck size={22} />}
        </ThemeIcon>
        <Stack gap="xs">
          <Title order={2} size="h4">
            {firstAccess ? 'Configure seu Acesso' : 'Quer escrever no Portal Plural?'}
          </Title>
          <Text size="sm" c="dimmed">
            {firstAccess
              ? 'Você ainda não possui papéis atribuídos. Se este é o primeiro acesso ao sistema, configure o administrador Master. Para publicar artigos, candidate-se como autor.'
              : 'Candidate-se como autor: a equipe avalia sua candidatura e responde por e-mail.'}
          </Text>
          <Group gap="xs">
            {firstAccess && (
              <Button component={Link} to="/become-master" leftSection={<IconCrown size={16} />}>
                Configurar acesso Master
              </Button>
            )}
            {apply}
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}

export default function DashboardPage() {
  usePageMeta(pageTitle('Painel'));
  const me = useMe();
  const reported = useRef<unknown>(null);
  // 'Configure seu Acesso' invites to claim master only while there is none.
  const masterStatus = useQuery({ queryKey: userKeys.masterStatus(), queryFn: ({ signal }) => fetchMasterStatus(signal), enabled: me.data?.roles.length === 0 });

  useEffect(() => {
    if (me.isError && reported.current !== me.error) {
      reported.current = me.error;
      notifyError('Erro ao carregar dados', errorMessage(me.error, 'Não foi possível carregar os dados do dashboard.'));
    }
  }, [me.isError, me.error]);

  if (me.isPending) {
    return (
      <Container size="lg" py="xl">
        <DashboardSkeleton />
      </Container>
    );
  }

  if (me.isError) {
    return (
      <Container size="lg" py="xl">
        <RetryAlert message="Não foi possível carregar os dados do dashboard." onRetry={() => void me.refetch()} retrying={me.isFetching} />
      </Container>
    );
  }

  const { profile, roles } = me.data;
  const readerOnly = roles.length === 0;
  const canWrite = can(roles, 'article.create');
  const isEditor = can(roles, 'article.set-status');
  const isMaster = roles.includes('master');

  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Group justify="space-between" align="flex-end">
          <Stack gap={4}>
            <Title order={1}>Olá, {profile.full_name}!</Title>
            <Group gap="xs">
              {roles.length === 0 ? (
                <Text c="dimmed" size="sm">
                  Leitor
                </Text>
              ) : (
                roles.map((role) => (
                  <Badge key={role} variant="light" tt="none">
                    {ROLE_LABELS[role]}
                  </Badge>
                ))
              )}
            </Group>
          </Stack>
          <Group gap="xs">
            {canWrite && (
              <Button component={Link} to="/create" leftSection={<IconPencil size={16} />}>
                Escrever artigo
              </Button>
            )}
            {canWrite && (
              <Button component={Link} to="/my-articles" variant="default" leftSection={<IconFileText size={16} />}>
                Meus artigos
              </Button>
            )}
            <Button component={Link} to="/settings" variant="default" leftSection={<IconSettings size={16} />}>
              Configurações
            </Button>
          </Group>
        </Group>

        {readerOnly && masterStatus.data && (
          <AccessCard firstAccess={!masterStatus.data.exists} />
        )}

        {(canWrite || isEditor || isMaster) && (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {canWrite && (
              <RoleCard
                title="Autor"
                description="Escreva e acompanhe seus artigos."
                icon={<IconPencil size={22} />}
                links={[
                  { label: 'Escrever artigo', to: '/create' },
                  { label: 'Gerenciar rascunhos', to: '/my-articles?tab=draft' },
                  { label: 'Ver estatísticas', to: '#estatisticas' },
                ]}
              />
            )}
            {isEditor && (
              <RoleCard
                title="Editor"
                description="Revise, publique e organize os artigos."
                icon={<IconFileText size={22} />}
                links={[
                  { label: 'Revisar', to: '#revisao' },
                  { label: 'Publicar', to: '#revisao' },
                  { label: 'Gerenciar tags', to: '/tags' },
                ]}
              />
            )}
            {isMaster && (
              <RoleCard
                title="Administração"
                description="Gestão do sistema pelo Master."
                icon={<IconCrown size={22} />}
                links={[
                  { label: 'Gerenciar usuários e papéis', to: '/admin' },
                  { label: 'Avaliar qualidade', to: '/admin' },
                  { label: 'Candidaturas de autores', to: '/admin?tab=candidaturas' },
                  { label: 'Relatórios financeiros', to: '/admin?tab=assinaturas' },
                  { label: 'Newsletter', to: '/newsletter' },
                ]}
              />
            )}
          </SimpleGrid>
        )}

        {(canWrite || isEditor || isMaster) && <DashboardFigures userId={profile.id} isStaff={isEditor || isMaster} isMaster={isMaster} />}

        {isEditor && (
          <div id="revisao">
            <ReviewQueue />
          </div>
        )}

        {(canWrite || isEditor || isMaster) && (
          <Suspense fallback={<Skeleton height={420} radius="md" aria-label="Carregando visão geral" />}>
            <DashboardAnalytics isMaster={isMaster} />
          </Suspense>
        )}
      </Stack>
    </Container>
  );
}
