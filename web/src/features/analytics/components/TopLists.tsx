// The most viewed articles of the range (linking to each) and, for the site, the most read authors.
import type { ReactNode } from 'react';
import { Anchor, Paper, Table, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { AnalyticsData } from '../api/analytics';
import { formatNumber } from '../../../lib/format';
import { articlePath, authorPath } from '../../articles/lib/paths';

/** Lists always come from our own counts: said so when the summary above is Google's. */
const OWN_COUNT = 'Medição própria do portal (o Google Analytics não separa por artigo e autor do portal).';

function Frame({ title, id, ownCount, children }: { title: string; id: string; ownCount?: boolean; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id}>
      <Text fw={600} size="sm" mb={ownCount ? 2 : 'xs'} id={id}>
        {title}
      </Text>
      {ownCount && (
        <Text size="xs" c="dimmed" mb="xs">
          {OWN_COUNT}
        </Text>
      )}
      {children}
    </Paper>
  );
}

/**
 * A name or title may break anywhere: a table sizes a column by its longest word. On a phone the counts
 * go under the name, as in the articles' list: beside it, the two count columns pushed the page 5 px
 * sideways and cut every name to its first word.
 */
const BREAKS_ANYWHERE = { overflowWrap: 'anywhere' } as const;

const counted = (count: number, one: string, many: string) => `${formatNumber(count)} ${count === 1 ? one : many}`;

function Empty({ children }: { children: string }) {
  return (
    <Text size="sm" c="dimmed" py="md">
      {children}
    </Text>
  );
}

interface Ranked {
  key: string;
  name: ReactNode;
  pageViews: number;
  users: number;
}

/** A ranking: position, name, then views and users (beside the name on wider screens, under it on a phone). */
function RankedTable({ column, labelledBy, rows }: { column: string; labelledBy: string; rows: Ranked[] }) {
  return (
    <Table verticalSpacing={8} horizontalSpacing="xs" aria-labelledby={labelledBy}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={28}>#</Table.Th>
          <Table.Th>{column}</Table.Th>
          <Table.Th ta="right" visibleFrom="xs">
            Visualizações
          </Table.Th>
          <Table.Th ta="right" visibleFrom="sm">
            Usuários
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row, index) => (
          <Table.Tr key={row.key}>
            <Table.Td c="dimmed">{index + 1}</Table.Td>
            <Table.Td>
              {row.name}
              <Text size="xs" c="dimmed" hiddenFrom="xs" mt={2}>
                {counted(row.pageViews, 'visualização', 'visualizações')} · {counted(row.users, 'usuário', 'usuários')}
              </Text>
            </Table.Td>
            <Table.Td ta="right" fw={600} visibleFrom="xs">
              {formatNumber(row.pageViews)}
            </Table.Td>
            <Table.Td ta="right" visibleFrom="sm">
              {formatNumber(row.users)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function TopArticles({ articles, ownCount }: { articles: AnalyticsData['topArticles']; ownCount?: boolean }) {
  return (
    <Frame title="Artigos mais vistos" id="top-articles-title" ownCount={ownCount}>
      {articles.length === 0 ? (
        <Empty>Nenhum artigo visto no período.</Empty>
      ) : (
        <RankedTable
          column="Artigo"
          labelledBy="top-articles-title"
          rows={articles.map((article) => ({
            key: article.articleId,
            pageViews: article.pageViews,
            users: article.users,
            name: article.slug ? (
              <Anchor component={Link} to={articlePath(article.slug)} size="sm" lineClamp={2} c="inherit" underline="hover" style={BREAKS_ANYWHERE}>
                {article.title || 'Artigo sem título'}
              </Anchor>
            ) : (
              <Text size="sm" lineClamp={2} style={BREAKS_ANYWHERE}>
                {article.title || 'Artigo removido'}
              </Text>
            ),
          }))}
        />
      )}
    </Frame>
  );
}

export function TopAuthors({ authors, ownCount }: { authors: AnalyticsData['topAuthors']; ownCount?: boolean }) {
  return (
    <Frame title="Autores mais lidos" id="top-authors-title" ownCount={ownCount}>
      {authors.length === 0 ? (
        <Empty>Nenhum autor com visualizações no período.</Empty>
      ) : (
        <RankedTable
          column="Autor"
          labelledBy="top-authors-title"
          rows={authors.map((author) => ({
            key: author.userId,
            pageViews: author.pageViews,
            users: author.users,
            name: (
              <Anchor component={Link} to={authorPath(author.userId)} size="sm" c="inherit" underline="hover" lineClamp={1} style={BREAKS_ANYWHERE}>
                {author.name || 'Autor Anônimo'}
              </Anchor>
            ),
          }))}
        />
      )}
    </Frame>
  );
}
