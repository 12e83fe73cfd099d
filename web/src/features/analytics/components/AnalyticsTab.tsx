// The admin area's Analytics tab: the site's last 30 days (or one author's), the most read authors,
// and the way to the Google connection's settings.
import { Button } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { AnalyticsOverview } from './AnalyticsOverview';

export default function AnalyticsTab() {
  return (
    <AnalyticsOverview
      isMaster
      title="Últimos 30 dias"
      withAuthors
      actions={
        <Button component={Link} to="/analytics-settings" variant="default" leftSection={<IconSettings size={16} />}>
          Configurações de Analytics
        </Button>
      }
    />
  );
}
