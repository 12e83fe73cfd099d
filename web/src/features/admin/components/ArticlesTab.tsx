// Admin › Artigos: every article, newest first, paged; filtered by status, by author (click a name)
// and by words of the title. Row actions: view (the article's own address), edit, change status
// (published_at is kept when it already has one) and delete after confirmation.
import { useState } from 'react';
import { ActionIcon, Anchor, Badge, Button, CloseButton, Group, Select, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconExternalLink, IconFileImport, IconSearch } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { publicArticlePath, STATUS_LABELS, VISIBILITY_LABELS } from '../../../../../shared/article-rules';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { errorMessage } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { editArticlePath } from '../../articles/lib/paths';
import { STATUS_COLORS } from '../../articles/lib/status';
import { deleteArticle, listArticles, setArticleStatus, type AdminArticle, type ArticleStatus } from '../api/admin';
import { adminKeys } from '../api/keys';
import { ListState, LoadMore, RowActions, usePagedList } from './AdminTable';

const STATUS_OPTIONS = (Object.keys(STATUS_LABELS) as ArticleStatus[]).map((status) => ({ value: status, label: STATUS_LABELS[status] }));

function StatusSelect({ article }: { article: AdminArticle }) {
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (status: ArticleStatus) => setArticleStatus(article.id, status),
    onSuccess: () => {
      notifySuccess('Status do artigo atualizado.');
      void queryClient.invalidateQueries({ queryKey: ['admin', 'articles'] });
    },
    onError: (error) => notifyError('Erro', errorMessage(error, 'Não foi possível atualizar o status do artigo.')),
  });
  return (
    <Select
      aria-label={`Status de ${article.title}`}
      data={STATUS_OPTIONS}
      value={article.status}
      onChange={(value) => value && value !== article.status && change.mutate(value as ArticleStatus)}
      disabled={change.isPending}
      size="xs"
      w={130}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

export default function ArticlesTab() {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<string | null>(null);
  const [author, setAuthor] = useState<{ id: string; name: string } | null>(null);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const filters = { status: status ?? '', author: author?.id ?? '', q };
  const { query: articles, rows } = usePagedList(adminKeys.articles(filters), (cursor) => listArticles(filters, cursor));
  const [removing, setRemoving] = useState<AdminArticle | null>(null);
  const remove = useMutation({
    mutationFn: (article: AdminArticle) => deleteArticle(article.id),
    onSuccess: () => {
      notifySuccess('Artigo deletado com sucesso.');
      setRemoving(null);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'articles'] });
    },
    onError: (error) => notifyError('Erro', errorMessage(error, 'Não foi possível excluir o artigo.')),
  });

  const filtered = Boolean(status || author || q);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group gap="sm" align="flex-end">
          <TextInput
            leftSection={<IconSearch size={16} />}
            placeholder="Buscar pelo título"
            aria-label="Buscar artigos pelo título"
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={280}
          />
          <Select
            aria-label="Filtrar por status"
            placeholder="Todos os status"
            data={STATUS_OPTIONS}
            value={status}
            onChange={setStatus}
            clearable
            w={170}
          />
          {author && (
            <Badge size="lg" variant="light" tt="none" pr={3} rightSection={<CloseButton size="xs" aria-label="Remover filtro de autor" onClick={() => setAuthor(null)} />}>
              Autor: {author.name}
            </Badge>
          )}
        </Group>
        <Button component={Link} to="/import-articles" variant="default" leftSection={<IconFileImport size={16} />}>
          Importar CSV
        </Button>
      </Group>
      <ListState query={articles} empty={rows.length === 0} what="os artigos" emptyText={filtered ? 'Nenhum artigo encontrado com esses filtros.' : 'Nenhum artigo ainda.'}>
          <Table verticalSpacing="sm" highlightOnHover miw={860} className="stack-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Título</Table.Th>
                <Table.Th>Autor</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Visibilidade</Table.Th>
                <Table.Th>Data</Table.Th>
                <Table.Th aria-label="Ações" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((article) => (
                <Table.Tr key={article.id}>
                  <Table.Td maw={340} data-primary>
                    <Text fw={500} size="sm">
                      {article.title}
                    </Text>
                  </Table.Td>
                  <Table.Td data-label="Autor">
                    <Anchor component="button" type="button" size="sm" onClick={() => setAuthor({ id: article.author_id, name: article.author_name })}>
                      {article.author_name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={4}>
                      <Badge color={STATUS_COLORS[article.status]} variant="light" tt="none" size="sm">
                        {STATUS_LABELS[article.status]}
                      </Badge>
                      <StatusSelect article={article} />
                    </Stack>
                  </Table.Td>
                  <Table.Td data-label="Visibilidade">{VISIBILITY_LABELS[article.visibility]}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatDate(article.published_at ?? article.created_at)}</Text>
                    <Text size="xs" c="dimmed">
                      {article.published_at ? 'publicado' : 'criado'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <RowActions name={article.title} edit={editArticlePath(article.id)} onDelete={() => setRemoving(article)}>
                      {article.status === 'published' && (
                        <Tooltip label="Ver">
                          <ActionIcon
                            component="a"
                            href={publicArticlePath(article.location_path, article.slug)}
                            target="_blank"
                            rel="noopener"
                            variant="subtle"
                            aria-label={`Ver ${article.title}`}
                          >
                            <IconExternalLink size={16} />
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </RowActions>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
      </ListState>
      <LoadMore query={articles} label="Carregar mais artigos" />
      <ConfirmDialog
        opened={removing !== null}
        title="Excluir artigo"
        confirmLabel="Excluir"
        danger
        pending={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
        onCancel={() => setRemoving(null)}
      >
        {`"${removing?.title ?? ''}" será excluído com suas versões, revisões e comentários. Esta ação não pode ser desfeita.`}
      </ConfirmDialog>
    </Stack>
  );
}
