import type { Route } from '../shell/router';

export function NotFoundPage({ route }: { route: Route }) {
  const path = `/${route.parts.join('/')}`;
  return (
    <section className="card narrow" data-testid="not-found">
      <h1 className="page-title">No such page</h1>
      <p>
        There is nothing at <code>{path}</code>. The link may be from an older version of the lab,
        or mistyped.
      </p>
      <p>
        <a className="button primary" href="#/lab">
          Open the lab
        </a>{' '}
        <a className="button" href="#/lessons">
          Browse the lessons
        </a>
      </p>
    </section>
  );
}
