// The line under every form that collects personal data, leading to the privacy notice.
import { Anchor, Text, type TextProps } from '@mantine/core';
import { Link } from 'react-router-dom';
import { PRIVACY_PATH } from '../paths';

export function PrivacyLink(props: TextProps) {
  return (
    <Text size="xs" c="dimmed" {...props}>
      Como usamos seus dados:{' '}
      <Anchor component={Link} to={PRIVACY_PATH} size="xs">
        Política de Privacidade
      </Anchor>
    </Text>
  );
}
