// /become-master (spec 2 "Master setup", 6, 8 "Master claim"): the first user claims the master role.
import { useEffect, useRef, useState } from 'react';
import { Button, Container, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconCrown, IconShieldCheck } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { MESSAGES } from '../../../../../shared/messages';
import { useAuth } from '../../../auth/context';
import { PageLoader } from '../../../components/PageLoader';
import { RetryAlert } from '../../../components/RetryAlert';
import { errorMessage } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { userKeys } from '../api/keys';
import { claimMaster, fetchMasterStatus } from '../api/master';
import { pageTitle, usePageMeta } from '../../../lib/page-meta';
import '../../../styles/staff.css';

const MASTER_ABILITIES = [
  'Gerenciar papéis de usuários',
  'Avaliar a qualidade de autores e editores',
  'Gerenciar assinaturas e receitas',
  'Visualizar relatórios do sistema',
];

export default function BecomeMasterPage() {
  usePageMeta(pageTitle('Tornar-se administrador'));
  const { status } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [claiming, setClaiming] = useState(false);
  const warned = useRef(false);

  const masterStatus = useQuery({
    queryKey: userKeys.masterStatus(),
    queryFn: ({ signal }) => fetchMasterStatus(signal),
    enabled: status === 'signedIn',
    staleTime: 0,
  });

  useEffect(() => {
    if (status === 'signedOut' && !warned.current) {
      warned.current = true;
      notifyError('Erro', MESSAGES.loginRequired);
    }
  }, [status]);

  if (status === 'loading') return <PageLoader label="Verificando sessão..." />;
  if (status === 'signedOut') return <Navigate to="/auth" replace />;

  async function claim() {
    setClaiming(true);
    try {
      await claimMaster();
      notifySuccess(MESSAGES.masterClaimSuccess);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.allMe() }),
        queryClient.invalidateQueries({ queryKey: userKeys.masterStatus() }),
      ]);
      navigate('/');
    } catch (error) {
      notifyError('Erro', errorMessage(error, MESSAGES.masterClaimError));
      setClaiming(false);
      void masterStatus.refetch();
    }
  }

  if (masterStatus.isPending) {
    return (
      <Container size="sm" py={60}>
        <Stack align="center" gap="sm">
          <PageLoader label="Verificando configuração do sistema..." />
          <Text c="dimmed">Verificando configuração do sistema...</Text>
        </Stack>
      </Container>
    );
  }

  if (masterStatus.isError) {
    return (
      <Container size="sm" py={60}>
        <RetryAlert
          message={errorMessage(masterStatus.error, 'Não foi possível verificar a configuração do sistema.')}
          onRetry={() => void masterStatus.refetch()}
          retrying={masterStatus.isFetching}
        />
      </Container>
    );
  }

  if (masterStatus.data.exists) {
    return (
      <Container size="sm" py={60}>
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" ta="center" gap="sm">
            <ThemeIcon size={56} radius="xl" variant="light" color="teal">
              <IconShieldCheck size={32} />
            </ThemeIcon>
            <Title order={1} size="h2">
              {MESSAGES.masterExists}
            </Title>
            <Text c="dimmed">O sistema já possui um administrador Master.</Text>
            <Button component={Link} to="/" mt="sm">
              Voltar ao Início
            </Button>
          </Stack>
        </Paper>
      </Container>
    );
  }

  return (
    <Container size="sm" py={60}>
      <Paper withBorder radius="md" p="xl" shadow="sm">
        <Stack gap="lg">
          <Stack align="center" ta="center" gap="xs">
            <ThemeIcon size={56} radius="xl" variant="light" color="indigo">
              <IconCrown size={32} />
            </ThemeIcon>
            <Title order={1} size="h2">
              Bem-vindo ao Portal Plural!
            </Title>
            <Text c="dimmed">
              Este é o primeiro acesso ao sistema. Nenhum administrador Master foi configurado ainda — você pode
              assumir esse papel agora.
            </Text>
          </Stack>
          <Stack gap="xs">
            <Text fw={600}>Como Master, você poderá:</Text>
            <List
              spacing="xs"
              icon={
                <ThemeIcon size={22} radius="xl" color="teal" variant="light">
                  <IconCheck size={14} />
                </ThemeIcon>
              }
            >
              {MASTER_ABILITIES.map((ability) => (
                <List.Item key={ability}>{ability}</List.Item>
              ))}
            </List>
          </Stack>
          <Button size="md" onClick={() => void claim()} loading={claiming} leftSection={<IconCrown size={18} />}>
            Tornar-me Master
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
