// /events/:id (spec 2 "Events"): cover, title, dates, city, place and description (sanitized rich
// text); the schema.org Event data; "Adicionar à agenda" (an .ics file); edit for the organizer,
// editors and masters; delete for masters, with a confirmation.
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Anchor, Badge, Button, Container, Divider, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCalendarEvent, IconCalendarPlus, IconMapPin, IconPencil, IconUser } from '@tabler/icons-react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { cityLabel } from '../../../../../shared/article-rules';
import { EVENT_STATUS_LABELS, type EventView } from '../../../../../shared/event-rules';
import { AdSlot } from '../../../components/AdSlot';
import { useNoindex, usePageMeta } from '../../../lib/page-meta';
import { usePageView } from '../../audience/page-view';
import { useRenderInfo } from '../../../lib/render-context';
import { ArticleCover } from '../../articles/components/ArticleCard';
import { serializeJsonLd } from '../../articles/lib/structured-data';
import { calendarPath } from '../api/events';
import { useEvent } from '../hooks/useEvent';
import { capitalized, eventPeriod } from '../lib/dates';
import { eventMeta } from '../lib/meta';
import { buildEventJsonLd } from '../lib/structured-data';

const DeleteEventButton = lazy(() => import('../components/DeleteEventButton'));

function EventSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Carregando evento">
      <Skeleton className="skeleton-cover" radius="md" />
      <Skeleton height={40} width="80%" />
      <Skeleton height={20} width="50%" />
      <Skeleton height={20} width="40%" />
      <Skeleton height={160} />
    </Stack>
  );
}

function Fact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <span className="event-fact-icon">{icon}</span>
      <div>{children}</div>
    </Group>
  );
}

function EventDetails({ event, url }: { event: EventView; url: string }) {
  const { origin } = useRenderInfo();
  const period = eventPeriod(event.event_date, event.end_date);
  const jsonLd = serializeJsonLd(buildEventJsonLd(event, { origin, url }));
  const city = cityLabel(event.city_name, event.state_code);
  return (
    <article className="event-page">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />
      <Stack gap="md">
        <ArticleCover src={event.cover_image} variants={event.cover_variants} layout="article" alt={event.title} priority className="article-page-cover" />
        {event.status !== 'published' && (
          <Group gap="xs">
            <Badge color={event.status === 'cancelled' ? 'red' : 'gray'} variant="filled">
              {EVENT_STATUS_LABELS[event.status]}
            </Badge>
            <Text size="sm" c="dimmed">
              Visível apenas para o organizador, editores e masters.
            </Text>
          </Group>
        )}
        <Title order={1} className="article-title">
          {event.title}
        </Title>
        <Stack gap="sm" className="event-facts">
          <Fact icon={<IconCalendarEvent size={20} aria-hidden />}>
            {period.end ? (
              <>
                <Text fw={600}>
                  Início: <time dateTime={event.event_date}>{period.start}</time>
                </Text>
                <Text fw={600}>
                  Término: <time dateTime={event.end_date ?? undefined}>{period.end}</time>
                </Text>
              </>
            ) : (
              <Text fw={600}>
                <time dateTime={event.event_date}>{capitalized(period.start)}</time>
              </Text>
            )}
          </Fact>
          <Fact icon={<IconMapPin size={20} aria-hidden />}>
            <Text fw={600}>{event.location}</Text>
            <Anchor component={Link} to={`/events?city=${encodeURIComponent(event.city)}`} size="sm" c="indigo.7">
              {city}
            </Anchor>
          </Fact>
          <Fact icon={<IconUser size={20} aria-hidden />}>
            <Text size="sm" c="dimmed">
              Organizado por {event.organizer.full_name}
            </Text>
          </Fact>
        </Stack>
        <Group gap="sm">
          {event.status === 'published' && (
            <Button component="a" href={calendarPath(event.id)} download variant="light" leftSection={<IconCalendarPlus size={16} aria-hidden />}>
              Adicionar à agenda
            </Button>
          )}
          {event.can_edit && (
            <Button component={Link} to={`/events/${encodeURIComponent(event.id)}/edit`} variant="light" leftSection={<IconPencil size={16} aria-hidden />}>
              Editar
            </Button>
          )}
          {event.can_delete && (
            <Suspense fallback={null}>
              <DeleteEventButton id={event.id} title={event.title} />
            </Suspense>
          )}
        </Group>
        <Divider />
        <div className="article-content" dangerouslySetInnerHTML={{ __html: event.description }} />
      </Stack>
    </article>
  );
}

export default function EventPage() {
  const { id = '' } = useParams();
  const here = useLocation();
  const query = useEvent(id);
  const event = query.data;

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [id]);

  const meta = event ? eventMeta(event) : null;
  usePageMeta(meta?.title ?? null, meta?.description);
  // A draft or cancelled event is shown to its staff only: never indexed.
  useNoindex(Boolean(event && event.status !== 'published'));
  usePageView();

  return (
    <Container size={800} py="lg" data-island="audience">
      <Stack gap="xl">
        <Anchor component={Link} to="/events" size="sm" fw={600} className="event-back">
          <IconArrowLeft size={14} aria-hidden /> Todos os eventos
        </Anchor>
        <AdSlot slot="event_top" />
        {event ? <EventDetails event={event} url={here.pathname} /> : <EventSkeleton />}
        <AdSlot slot="event_bottom" />
      </Stack>
    </Container>
  );
}
