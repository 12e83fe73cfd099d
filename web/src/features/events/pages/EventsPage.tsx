// /events (spec 2 "Events"): published events from now on, soonest first, in a grid; the city filter
// of the home (?city=, the cities of published articles); ad slots above and below; 'Criar Evento'
// for authors, editors and masters, who also see their drafts and cancelled events below.
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Button, Container, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useCityParam } from '../../articles/hooks/useCityParam';
import { EVENT_MESSAGES } from '../../../../../shared/event-rules';
import { can } from '../../../../../shared/roles';
import { useRoles } from '../../../auth/useMe';
import { AdSlot } from '../../../components/AdSlot';
import { RetryAlert } from '../../../components/RetryAlert';
import { notifyError } from '../../../lib/notify';
import { usePageMeta } from '../../../lib/page-meta';
import { usePageView } from '../../audience/page-view';
import { CityFilter } from '../../articles/components/CityFilter';
import { fetchEvents } from '../api/events';
import { eventKeys } from '../api/keys';
import { EventCard } from '../components/EventCard';
import { agendaCityName, eventsMeta } from '../lib/meta';

const UnpublishedEvents = lazy(() => import('../components/UnpublishedEvents'));

function GridSkeleton() {
  return (
    <div className="event-grid" aria-busy="true" aria-label="Carregando eventos">
      {[0, 1, 2].map((key) => (
        <Stack key={key} gap="xs">
          <Skeleton className="skeleton-cover" radius="md" />
          <Skeleton height={18} width="60%" />
          <Skeleton height={22} />
        </Stack>
      ))}
    </div>
  );
}

export default function EventsPage() {
  const [city, selectCity] = useCityParam();
  const roles = useRoles();
  const reported = useRef<unknown>(null);

  const list = useInfiniteQuery({
    queryKey: eventKeys.list(city),
    queryFn: ({ pageParam, signal }) => fetchEvents(city, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

  useEffect(() => {
    if (!list.error || reported.current === list.error) return;
    reported.current = list.error;
    console.error('events failed to load', list.error);
    notifyError(EVENT_MESSAGES.listError);
  }, [list.error]);


  const pages = list.data?.pages ?? [];
  const events = pages.flatMap((page) => page.events);
  const cities = pages[0]?.cities ?? [];
  const current = city ? cities.find((item) => item.location_path === city) : undefined;
  const cityName = agendaCityName(city, pages[0]);
  const loading = list.isPending || list.isPlaceholderData;
  const meta = eventsMeta(city, cityName);
  usePageMeta(loading && city ? null : meta.title, meta.description);
  usePageView();
  const mayCreate = can(roles, 'events.create');

  return (
    <Container size="lg" py="md" data-island="audience">
      <Stack gap="lg">
        <AdSlot slot="events_top" />
        <Group justify="space-between" align="center" gap="sm">
          <div>
            <Title order={1}>{cityName ? `Eventos em ${cityName}` : 'Eventos'}</Title>
            <Text c="dimmed">Agenda de cultura, cidade e comunidade, dos próximos dias em diante.</Text>
          </div>
          {mayCreate && (
            <Button component={Link} to="/events/create" leftSection={<IconPlus size={16} aria-hidden />}>
              Criar Evento
            </Button>
          )}
        </Group>
        <CityFilter cities={cities} selected={current ? city : null} onChange={selectCity} subject="eventos" />
        {/* data-island: without the app, web/src/islands/events-more.island.ts loads the next pages. */}
        <section aria-label="Eventos" data-island="events-more">
          {loading ? (
            <GridSkeleton />
          ) : list.isError && events.length === 0 ? (
            <RetryAlert message={EVENT_MESSAGES.listError} onRetry={() => void list.refetch()} retrying={list.isFetching} />
          ) : events.length === 0 ? (
            <Paper withBorder radius="md" p="xl" ta="center">
              <Text size="lg" c="dimmed">
                {EVENT_MESSAGES.empty}
              </Text>
            </Paper>
          ) : (
            <Stack gap="lg">
              <div className="event-grid">
                {events.map((event, index) => (
                  <EventCard key={event.id} event={event} priority={index === 0} />
                ))}
              </div>
              {list.hasNextPage && (
                <Group justify="center">
                  <Button variant="default" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                    Carregar mais eventos
                  </Button>
                </Group>
              )}
            </Stack>
          )}
        </section>
        {mayCreate && (
          <Suspense fallback={null}>
            <UnpublishedEvents everyone={can(roles, 'events.edit-any')} />
          </Suspense>
        )}
        <AdSlot slot="events_bottom" />
      </Stack>
    </Container>
  );
}
