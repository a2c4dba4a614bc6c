// Large numbers with their labels, as the production panels show them (UI.md: the numbers to
// compare are large and sit next to what they count).
import type { ReactNode } from 'react';

export interface Fact {
  label: ReactNode;
  value: ReactNode;
  /** CSS modifier: ok, deny, unavail, bypass, accent. */
  tone?: string;
  testid?: string;
  title?: string;
}

export function Facts({ facts }: { facts: Fact[] }) {
  return (
    <dl className="prod-facts">
      {facts.map((f, k) => (
        <div key={k} className={`prod-fact${f.tone ? ` tone-${f.tone}` : ''}`} title={f.title}>
          <dt>{f.label}</dt>
          <dd data-testid={f.testid}>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}
