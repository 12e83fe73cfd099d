// Edit only (spec sections 2, 5): the newsroom's internal comments on an article, newest first. Whoever
// may edit the article reads and adds them; each removes their own, editors and the master any, after
// a confirmation. The list is the query cache's (useInternalComments): live updates merge into it.
import { useState, type FormEvent } from 'react';
import { ActionIcon, Badge, Button, Group, ScrollArea, Skeleton, Stack, Text, Textarea, Title, Tooltip } from '@mantine/core';
import { IconMessages, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { commentCreateSchema, EDITORIAL_LIMITS, EDITORIAL_MESSAGES, type InternalComment } from '../../../../../shared/editorial';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { RetryAlert } from '../../../components/RetryAlert';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { commentRemoved } from '../api/cache';
import { failureMessage, isNotFound } from '../api/errors';
import { editorialKeys } from '../api/keys';
import { useAddComment, useDeleteComment, useInternalComments } from '../hooks/useInternalComments';
import { PersonLine } from './PersonLine';

interface InternalCommentsProps {
  articleId: string;
  /** The signed-in user: their own comments can be removed. */
  userId: string | undefined;
  /** Editors and the master remove anyone's comment. */
  canDeleteAny: boolean;
}

function CommentItem({ comment, onDelete }: { comment: InternalComment; onDelete?: () => void }) {
  return (
    <Stack component="li" gap={4}>
      <PersonLine
        person={comment.user}
        at={comment.created_at}
        aside={
          onDelete && (
            <Tooltip label="Remover comentário">
              <ActionIcon variant="subtle" color="red" size="sm" onClick={onDelete} aria-label="Remover comentário">
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          )
        }
      />
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {comment.comment}
      </Text>
    </Stack>
  );
}

export function InternalComments({ articleId, userId, canDeleteAny }: InternalCommentsProps) {
  const queryClient = useQueryClient();
  const comments = useInternalComments(articleId);
  const add = useAddComment(articleId);
  const remove = useDeleteComment(articleId);
  const [text, setText] = useState('');
  const [confirming, setConfirming] = useState<InternalComment | null>(null);

  function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = commentCreateSchema.safeParse({ comment: text });
    if (!parsed.success) {
      notifyError('Erro de validação', parsed.error.issues[0]?.message ?? EDITORIAL_MESSAGES.commentAddError);
      return;
    }
    add.mutate(parsed.data.comment, {
      onSuccess: () => setText(''),
      onError: (error) => notifyError('Erro', failureMessage(error, EDITORIAL_MESSAGES.commentAddError)),
    });
  }

  function removeConfirmed(comment: InternalComment) {
    remove.mutate(comment.id, {
      onSuccess: () => {
        setConfirming(null);
        notifySuccess(EDITORIAL_MESSAGES.commentRemoved);
      },
      onError: (error) => {
        setConfirming(null);
        notifyError('Erro', failureMessage(error, EDITORIAL_MESSAGES.commentRemoveError));
        // Already gone (someone else removed it): the list should not show it any longer.
        if (isNotFound(error)) commentRemoved(queryClient, articleId, comment.id);
        else void queryClient.invalidateQueries({ queryKey: editorialKeys.comments(articleId) });
      },
    });
  }

  const mayDelete = (comment: InternalComment) => canDeleteAny || (userId !== undefined && comment.user_id === userId);

  return (
    <Stack gap="md">
      <Group gap="xs">
        <IconMessages size={18} aria-hidden />
        <Title order={2} size="h5" id="internal-comments-title">
          Comentários internos
        </Title>
        {comments.data && comments.data.length > 0 && (
          <Badge variant="light" size="sm">
            {comments.data.length}
          </Badge>
        )}
      </Group>
      <form noValidate onSubmit={send} aria-labelledby="internal-comments-title">
        <Stack gap="sm">
          <Textarea
            label="Novo comentário"
            description="Visível apenas para a autoria e a editoria deste artigo."
            placeholder="Escreva um comentário para a equipe"
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={EDITORIAL_LIMITS.commentMax}
            disabled={add.isPending}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={add.isPending} disabled={!text.trim()}>
              Adicionar comentário
            </Button>
          </Group>
        </Stack>
      </form>

      {comments.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label="Carregando comentários">
          <Skeleton height={52} />
          <Skeleton height={52} />
        </Stack>
      ) : comments.isError ? (
        <RetryAlert compact message={EDITORIAL_MESSAGES.commentsLoadError} onRetry={() => void comments.refetch()} retrying={comments.isFetching} />
      ) : comments.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhum comentário ainda. Use os comentários para combinar ajustes com a equipe.
        </Text>
      ) : (
        <ScrollArea.Autosize mah={400} type="auto" offsetScrollbars="present">
          <Stack component="ol" gap="md" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Comentários internos do artigo">
            {comments.data.map((comment) => (
              <CommentItem key={comment.id} comment={comment} onDelete={mayDelete(comment) ? () => setConfirming(comment) : undefined} />
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}

      <ConfirmDialog
        opened={confirming !== null}
        title="Remover comentário"
        confirmLabel="Remover"
        danger
        pending={remove.isPending}
        onConfirm={() => confirming && removeConfirmed(confirming)}
        onCancel={() => setConfirming(null)}
      >
        Remover este comentário{confirming && confirming.user_id !== userId ? ` de ${confirming.user.full_name}` : ''}? Esta ação não pode ser desfeita.
      </ConfirmDialog>
    </Stack>
  );
}
