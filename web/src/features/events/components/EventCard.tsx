// An event's card (the agenda's grid, the home's strip, the staff's drafts): cover with a calendar
// leaf, the day and hours, the title (its link covers the card), the place and the city.
import { Badge, Group, Paper, Text, Title } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { cityLabel } from '../../../../../shared/article-rules';
import { EVENT_STATUS_LABELS, eventPath, type EventCard as EventCardData } from '../../../../../shared/event-rules';
import { calendarLeaf } from '../../../lib/format';
import { useNow } from '../../../lib/render-context';
import { ArticleCover } from '../../articles/components/ArticleCard';
import { cardDay, cardHours } from '../lib/dates';

export function EventCard({ event, priority = false }: { event: EventCardData; priority?: boolean }) {
  const leaf = calendarLeaf(event.event_date);
  const day = cardDay(event.event_date, useNow());
  return (
    <Paper component="article" withBorder radius="md" className="article-card event-card">
      <div className="card-cover-section">
        <ArticleCover src={event.cover_image} variants={event.cover_variants} layout="card" alt={event.title} priority={priority} />
        {leaf && (
          <div className="event-leaf" aria-hidden>
            <span className="event-leaf-month">{leaf.month}</span>
            <span className="event-leaf-day">{leaf.day}</span>
          </div>
        )}
        {event.status !== 'published' && (
          <div className="card-premium">
            <Badge color={event.status === 'cancelled' ? 'red' : 'gray'} variant="filled" size="sm">
              {EVENT_STATUS_LABELS[event.status]}
            </Badge>
          </div>
        )}
      </div>
      <div className="card-body">
        <Text size="sm" fw={700} c="indigo.8" component="time" dateTime={event.event_date} className="event-when">
          {day} · <span className="event-hours">{cardHours(event.event_date, event.end_date)}</span>
        </Text>
        <Title order={3} className="card-title card-title--default">
          <Link to={eventPath(event.id)} className="card-link">
            {event.title}
          </Link>
        </Title>
        <Group gap={6} wrap="nowrap" align="flex-start" className="event-where">
          <IconMapPin size={16} aria-hidden className="event-where-icon" />
          <Text size="sm" c="dimmed">
            {event.location}
            <br />
            {cityLabel(event.city_name, event.state_code)}
          </Text>
        </Group>
      </div>
    </Paper>
  );
}
