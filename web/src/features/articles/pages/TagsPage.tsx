// /tags (the editor card's 'Gerenciar tags'): every tag in use with how many articles carry it; a tag
// is renamed, merged into another (rename it to that one) or removed from all its articles. Each
// article changes through the normal save, 25 at a time until none is left.
import { useState, type FormEvent } from 'react';
import { ActionIcon, Button, Container, Group, Modal, Paper, Skeleton, Stack, Table, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { can } from '../../../../../shared/roles';
import type { TagChange } from '../../../../../shared/tags';
import { useMe } from '../../../auth/useMe';
import { DeniedRedirect } from '../../../components/AccessDenied';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { RetryAlert } from '../../../components/RetryAlert';
import { errorMessage } from '../../../lib/api';
import { formatNumber } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { pageTitle, usePageMeta } from '../../../lib/page-meta';
import { fetchTags, removeTag, renameTag } from '../api/tags';
import '../../../styles/staff.css';

const TAGS_KEY = ['tags'] as const;

/** Repeats a change until the server says no article is left. */
async function untilDone(step: () => Promise<TagChange>): Promise<number> {
  let total = 0;
  for (;;) {
    const { changed, remaining } = await step();
    total += changed;
    if (!remaining) return total;
  }
}

const articles = (count: number) => `${formatNumber(count)} ${count === 1 ? 'artigo' : 'artigos'}`;

export default function TagsPage() {
  usePageMeta(pageTitle('Tags'));
  const me = useMe();
  const queryClient = useQueryClient();
  const tags = useQuery({ queryKey: TAGS_KEY, queryFn: ({ signal }) => fetchTags(signal), enabled: Boolean(me.data && can(me.data.roles, 'article.edit-any')) });
  const [renaming, setRenaming] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [removing, setRemoving] = useState<string | null>(null);
  const done = () => queryClient.invalidateQueries({ queryKey: TAGS_KEY });
  const rename = useMutation({
    mutationFn: ({ tag, to }: { tag: string; to: string }) => untilDone(() => renameTag(tag, to)),
    onSuccess: (count, { tag, to }) => {
      notifySuccess('Tag renomeada', `“${tag}” agora é “${to.trim().toLowerCase()}” em ${articles(count)}.`);
      setRenaming(null);
      void done();
    },
    onError: (error) => notifyError('Erro', errorMessage(error, 'Não foi possível renomear a tag.')),
  });
  const remove = useMutation({
    mutationFn: (tag: string) => untilDone(() => removeTag(tag)),
    onSuccess: (count, tag) => {
      notifySuccess('Tag removida', `“${tag}” saiu de ${articles(count)}.`);
      setRemoving(null);
      void done();
    },
    onError: (error) => notifyError('Erro', errorMessage(error, 'Não foi possível remover a tag.')),
  });

  if (me.isPending) return <Container size="lg" py="xl"><Skeleton height={320} radius="md" /></Container>;
  if (!me.data || !can(me.data.roles, 'article.edit-any')) return <DeniedRedirect to="/dashboard" />;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (renaming) rename.mutate({ tag: renaming, to: name });
  }

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap={2}>
          <Title order={1}>Tags</Title>
          <Text c="dimmed" size="sm">
            As tags em uso e quantos artigos as levam. Renomeie uma tag (ou junte-a a outra, dando o nome dela) ou retire-a de todos os artigos.
          </Text>
        </Stack>
        {tags.isPending ? (
          <Skeleton height={280} radius="md" />
        ) : tags.isError ? (
          <RetryAlert message="Não foi possível carregar as tags." onRetry={() => void tags.refetch()} retrying={tags.isFetching} />
        ) : tags.data.length === 0 ? (
          <Paper withBorder radius="md" p="xl" ta="center">
            <Text c="dimmed">Nenhuma tag em uso ainda.</Text>
          </Paper>
        ) : (
          <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
            <Table verticalSpacing="sm" highlightOnHover className="stack-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Tag</Table.Th>
                  <Table.Th>Artigos</Table.Th>
                  <Table.Th aria-label="Ações" />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {tags.data.map(({ tag, count }) => (
                  <Table.Tr key={tag}>
                    <Table.Td fw={500}>{tag}</Table.Td>
                    <Table.Td data-label="Artigos">{formatNumber(count)}</Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Tooltip label="Renomear ou juntar">
                          <ActionIcon variant="subtle" aria-label={`Renomear ${tag}`} onClick={() => { setName(tag); setRenaming(tag); }}>
                            <IconPencil size={16} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label="Remover">
                          <ActionIcon variant="subtle" color="red" aria-label={`Remover ${tag}`} onClick={() => setRemoving(tag)}>
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        )}
      </Stack>
      <Modal opened={renaming !== null} onClose={() => !rename.isPending && setRenaming(null)} title="Renomear tag" centered>
        <form noValidate onSubmit={submit} aria-label="Renomear tag">
          <Stack gap="md">
            <TextInput label="Novo nome" description="Dê o nome de uma tag existente para juntar as duas." value={name} onChange={(event) => setName(event.currentTarget.value)} data-autofocus />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setRenaming(null)} disabled={rename.isPending}>
                Cancelar
              </Button>
              <Button type="submit" loading={rename.isPending}>
                Renomear
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <ConfirmDialog
        opened={removing !== null}
        title="Remover tag"
        confirmLabel="Remover"
        danger
        pending={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
        onCancel={() => setRemoving(null)}
      >
        {`A tag “${removing ?? ''}” sairá de todos os artigos que a levam (cada um ganha uma nova versão).`}
      </ConfirmDialog>
    </Container>
  );
}
