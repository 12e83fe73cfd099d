// The home's "Próximos eventos" strip (beyond the spec): the next published events, from the query
// the server fills when it renders the home (ssr/routes.ts). Nothing is shown when there are none.
import { Anchor, Group, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { fetchUpcomingEvents } from '../api/upcoming';
import { eventKeys } from '../api/keys';
import { EventCard } from './EventCard';

export function UpcomingEvents() {
  const upcoming = useQuery({
    queryKey: eventKeys.upcoming(),
    queryFn: ({ signal }) => fetchUpcomingEvents(signal),
    staleTime: 60_000,
  });
  const events = upcoming.data?.events ?? [];
  if (events.length === 0) return null;
  return (
    <section aria-labelledby="upcoming-events-title" className="upcoming-events">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={2} id="upcoming-events-title" size="h3">
            Próximos eventos
          </Title>
          <Anchor component={Link} to="/events" size="sm" fw={600} c="indigo.7">
            Ver agenda completa
          </Anchor>
        </Group>
        <div className="feed-row">
          {events.map((event) => (
            <EventCard key={event.id} event={event} />
          ))}
        </div>
      </Stack>
    </section>
  );
}
