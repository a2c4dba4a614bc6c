// One entry of an index page (lessons, practice problems, race puzzles): its number, or a tick
// once done, and its linked title over what the page says about it.
import type { ReactNode } from 'react';

export function DocCard({
  n,
  done,
  href,
  title,
  testId,
  children,
}: {
  /** Its place in the list, 1-based. */
  n: number;
  done: boolean;
  href: string;
  title: string;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <li className={`card doc-card${done ? ' is-done' : ''}`} data-testid={testId}>
      <span className="doc-num" aria-hidden="true">
        {done ? '✓' : n}
      </span>
      <div>
        <h2>
          <a href={href}>{title}</a>
        </h2>
        {children}
      </div>
    </li>
  );
}
