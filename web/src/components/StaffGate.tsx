// The newsroom's screens ask for two-step verification first: a staff member whose account has no
// authenticator app (the API refuses their staff routes with MFA_REQUIRED) is shown what to do and a
// link to /settings, instead of a page whose every request fails. Readers pass through: each page
// refuses them in its own words as before.
import type { ReactNode } from 'react';
import { Button } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { MFA_MESSAGES } from '../../../shared/mfa';
import { useMe } from '../auth/useMe';
import { BlockedScreen } from './AccessDenied';

export function MfaPrompt() {
  return (
    <BlockedScreen
      icon={<IconShieldLock size={30} />}
      color="yellow"
      title="Verificação em duas etapas necessária"
      action={
        <Button component={Link} to="/settings">
          Ir para Configurações
        </Button>
      }
    >
      {MFA_MESSAGES.required}
    </BlockedScreen>
  );
}

export function StaffGate({ children }: { children: ReactNode }) {
  const me = useMe();
  if (me.data && me.data.roles.length > 0 && !me.data.mfa_enabled) return <MfaPrompt />;
  return <>{children}</>;
}
