// Masters' delete (spec 6), with a confirmation. A lazy chunk: the dialog's styles and code reach
// only the staff who see the button.
import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { EVENT_MESSAGES } from '../../../../../shared/event-rules';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { requestMessage } from '../../articles/lib/errors';
import { deleteEvent } from '../api/events';
import { eventKeys } from '../api/keys';
import '../../../styles/staff.css';

export default function DeleteEventButton({ id, title }: { id: string; title: string }) {
  const [opened, setOpened] = useState(false);
  const client = useQueryClient();
  const navigate = useNavigate();
  const remove = useMutation({
    mutationFn: () => deleteEvent(id),
    onSuccess: () => {
      setOpened(false);
      client.removeQueries({ queryKey: eventKeys.detail(id) });
      void client.invalidateQueries({ queryKey: eventKeys.all() });
      notifySuccess(EVENT_MESSAGES.deleted);
      navigate('/events', { replace: true });
    },
    onError: (error) => notifyError(EVENT_MESSAGES.deleteError, requestMessage(error, '') || undefined),
  });
  return (
    <>
      <Button variant="light" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setOpened(true)}>
        Excluir
      </Button>
      <ConfirmDialog
        opened={opened}
        title="Excluir evento"
        confirmLabel="Excluir"
        danger
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
        onCancel={() => setOpened(false)}
      >
        O evento “{title}” será excluído definitivamente. Esta ação não pode ser desfeita.
      </ConfirmDialog>
    </>
  );
}
