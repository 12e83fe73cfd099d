// Edit only: the article's saved versions, newest first, each restorable after a confirmation.
import { useState } from 'react';
import { Badge, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ArticleDraft, ArticleVersionSummary } from '../../../../../../shared/api-types';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { RetryAlert } from '../../../../components/RetryAlert';
import { formatNumericDateTime } from '../../../../lib/format';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { fetchVersions } from '../../api/articles';
import { articleKeys } from '../../api/keys';
import { useRestoreVersion } from '../../hooks/useArticleMutations';
import { requestMessage } from '../../lib/errors';

interface VersionHistoryProps {
  articleId: string;
  /** The version the editor holds; it is marked and cannot be restored onto itself. */
  currentVersion: number;
  /** Called with the new draft the restore produced. */
  onRestored: (draft: ArticleDraft) => void;
  disabled?: boolean;
}

export function VersionHistory({ articleId, currentVersion, onRestored, disabled }: VersionHistoryProps) {
  const [confirming, setConfirming] = useState<ArticleVersionSummary | null>(null);

  const versions = useQuery({
    queryKey: articleKeys.versions(articleId),
    queryFn: ({ signal }) => fetchVersions(articleId, signal),
    select: (list) => [...list].sort((a, b) => b.version_number - a.version_number),
  });

  const restore = useRestoreVersion(articleId);

  function restoreConfirmed(version: number) {
    restore.mutate(
      { version, baseVersion: currentVersion },
      {
        onSuccess: (draft) => {
          setConfirming(null);
          notifySuccess('Versão restaurada', `A versão ${version} foi restaurada com sucesso.`);
          onRestored(draft);
        },
        onError: (error) => notifyError('Erro', requestMessage(error, 'Não foi possível restaurar a versão.')),
      },
    );
  }

  return (
    <Stack gap="sm">
      <Group gap="xs">
        <IconHistory size={18} />
        <Text fw={600}>Histórico de versões</Text>
      </Group>
      {versions.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label="Carregando versões">
          <Skeleton height={44} />
          <Skeleton height={44} />
        </Stack>
      ) : versions.isError ? (
        <RetryAlert
          compact
          message="Não foi possível carregar o histórico."
          onRetry={() => void versions.refetch()}
          retrying={versions.isFetching}
        />
      ) : versions.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhuma versão anterior.
        </Text>
      ) : (
        <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Versões do artigo">
          {versions.data.map((version) => {
            const isCurrent = version.version_number === currentVersion;
            return (
              <Group component="li" key={version.version_number} justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Group gap={6}>
                    <Text size="sm" fw={600}>
                      Versão {version.version_number}
                    </Text>
                    {isCurrent && (
                      <Badge size="xs" variant="light" tt="none">
                        Atual
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {formatNumericDateTime(version.created_at)} · {version.changed_by.full_name}
                  </Text>
                </Stack>
                {!isCurrent && (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    onClick={() => setConfirming(version)}
                    disabled={disabled || restore.isPending}
                    aria-label={`Restaurar versão ${version.version_number}`}
                    // The date and name beside it wrap; the button keeps its whole label.
                    style={{ flexShrink: 0 }}
                  >
                    Restaurar
                  </Button>
                )}
              </Group>
            );
          })}
        </Stack>
      )}

      <ConfirmDialog
        opened={confirming !== null}
        title="Restaurar versão"
        confirmLabel="Restaurar"
        pending={restore.isPending}
        onConfirm={() => confirming && restoreConfirmed(confirming.version_number)}
        onCancel={() => setConfirming(null)}
      >
        Restaurar a versão {confirming?.version_number}
        {confirming?.title ? ` ("${confirming.title}")` : ''}? O conteúdo atual será substituído e uma nova versão será
        criada. Alterações não salvas serão perdidas.
      </ConfirmDialog>
    </Stack>
  );
}
