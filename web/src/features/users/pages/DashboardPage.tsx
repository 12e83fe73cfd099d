// /dashboard (spec 2 "Dashboard"): greeting, role cards, quick buttons and the analytics overview.
import { useEffect, useRef } from 'react';
import { Badge, Button, Card, Container, Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconChartBar,
  IconCrown,
  IconFileText,
  IconKey,
  IconPencil,
  IconSettings,
  IconUserCheck,
} from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { can, ROLE_LABELS } from '../../../../../shared/roles';
import { useMe } from '../../../auth/useMe';
import { RetryAlert } from '../../../components/RetryAlert';
import { errorMessage } from '../../../lib/api';
import { notifyError } from '../../../lib/notify';
import { ReviewQueue } from '../../articles/components/ReviewQueue';
import { RoleCard } from '../components/RoleCard';
import { pageTitle, usePageMeta } from '../../../lib/page-meta';
import '../../../styles/staff.css';

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

export default function DashboardPage() {
  usePageMeta(pageTitle('Painel'));
  const me = useMe();
  const reported = useRef<unknown>(null);

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

        {roles.length === 0 && (
          <Card withBorder radius="md" padding="lg">
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <ThemeIcon size={40} radius="md" variant="light" color="orange">
                <IconKey size={22} />
              </ThemeIcon>
              <Stack gap="xs">
                <Title order={2} size="h4">
                  Configure seu Acesso
                </Title>
                <Text size="sm" c="dimmed">
                  Você ainda não possui papéis atribuídos. Se este é o primeiro acesso ao sistema, configure o
                  administrador Master. Para publicar artigos, candidate-se como autor.
                </Text>
                <Group gap="xs">
                  <Button component={Link} to="/become-master" leftSection={<IconCrown size={16} />}>
                    Configurar acesso Master
                  </Button>
                  <Button component={Link} to="/apply-author" variant="default" leftSection={<IconUserCheck size={16} />}>
                    Candidatar-se como autor
                  </Button>
                </Group>
              </Stack>
            </Group>
          </Card>
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
                  { label: 'Gerenciar rascunhos', to: '/my-articles' },
                  { label: 'Ver estatísticas', to: '/my-articles' },
                ]}
              />
            )}
            {isEditor && (
              <RoleCard
                title="Editor"
                description="Revise, publique e organize os artigos."
                icon={<IconFileText size={22} />}
                links={[
                  { label: 'Revisar', to: '/monitor' },
                  { label: 'Publicar', to: '/my-articles' },
                  { label: 'Gerenciar tags', to: '/my-articles' },
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
                  { label: 'Relatórios financeiros', to: '/admin' },
                  { label: 'Newsletter', to: '/newsletter' },
                ]}
              />
            )}
          </SimpleGrid>
        )}

        {isEditor && <ReviewQueue />}

        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="analytics-title">
          <Group gap="sm" mb="md">
            <ThemeIcon variant="light" size={32}>
              <IconChartBar size={18} />
            </ThemeIcon>
            <Title order={2} size="h4" id="analytics-title">
              Visão geral (últimos 30 dias)
            </Title>
          </Group>
          <Text c="dimmed" ta="center" py="lg">
            Nenhum dado disponível – configure Google Analytics and Ad Manager integrations
          </Text>
          {isMaster && (
            <Group justify="center">
              <Button component={Link} to="/analytics-settings" variant="subtle" leftSection={<IconSettings size={16} />}>
                Configurar integrações
              </Button>
            </Group>
          )}
        </Paper>
      </Stack>
    </Container>
  );
}
