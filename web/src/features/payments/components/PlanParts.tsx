// The pieces of a plan card: the monthly price set large and the list of what the plan gives.
import { Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconMinus } from '@tabler/icons-react';
import { formatBRL } from '../../../lib/format';

export function Price({ value }: { value: number }) {
  const written = formatBRL(value);
  const [whole = '', cents = ''] = written.replace(/^R\$\s/, '').split(',');
  return (
    <p className="plan-price">
      <span className="visually-hidden">{`${written} por mês`}</span>
      <span aria-hidden className="plan-price-currency">
        R$
      </span>
      <span aria-hidden className="plan-price-amount">
        {whole}
      </span>
      <span aria-hidden className="plan-price-cents">
        ,{cents}
      </span>
      <span aria-hidden className="plan-price-period">
        /mês
      </span>
    </p>
  );
}

export interface Benefit {
  text: string;
  /** false: a limit of the plan, dimmed with a dash (its text says what it lacks). */
  included?: boolean;
}

export function BenefitList({ items }: { items: Benefit[] }) {
  return (
    <ul className="benefit-list">
      {items.map(({ text, included = true }) => (
        <li key={text}>
          <ThemeIcon size={22} radius="xl" variant="light" color={included ? 'teal' : 'gray'} aria-hidden>
            {included ? <IconCheck size={14} stroke={3} /> : <IconMinus size={14} stroke={3} />}
          </ThemeIcon>
          <Text size="sm" c={included ? undefined : 'dimmed'}>
            {text}
          </Text>
        </li>
      ))}
    </ul>
  );
}
