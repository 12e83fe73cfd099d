// The six-digit code of an authenticator app, as /auth's code step and the set-up in /settings ask for it:
// digits only, at most six, offered to the phone's one-time-code autofill.
import { TextInput, type TextInputProps } from '@mantine/core';

type Props = Omit<TextInputProps, 'value' | 'onChange'> & { value: string; onChange: (code: string) => void };

export function TotpCodeInput({ value, onChange, ...rest }: Props) {
  return (
    <TextInput
      label="Código de verificação"
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
      classNames={{ input: 'totp-code-input' }}
      {...rest}
    />
  );
}
