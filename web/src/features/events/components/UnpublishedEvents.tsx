// Drafts and cancelled events on the agenda, for those who may edit them (a lazy chunk, after
// hydration): every one for editors and masters, an author's own. The public never sees them.
import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { fetchUnpublishedEvents } from '../api/events';
import { eventKeys } from '../api/keys';
import { EventCard } from './EventCard';

export default function UnpublishedEvents({ everyone }: { everyone: boolean }) {
  const query = useQuery({ queryKey: eventKeys.unpublished(), queryFn: ({ signal }) => fetchUnpublishedEvents(signal), staleTime: 30_000 });
  const events = query.data?.events ?? [];
  if (events.length === 0) return null;
  return (
    <section aria-labelledby="unpublished-events-title">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h3" id="unpublished-events-title">
            {everyone ? 'Rascunhos e eventos cancelados' : 'Seus rascunhos e eventos cancelados'}
          </Title>
          <Text size="sm" c="dimmed">
            Visíveis apenas para {everyone ? 'editores e masters' : 'você, editores e masters'}.
          </Text>
        </div>
        <div className="event-grid">
          {events.map((event) => (
            <EventCard key={event.id} event={event} />
          ))}
        </div>
      </Stack>
    </section>
  );
}
