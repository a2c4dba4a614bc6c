import { Suspense, type ReactNode } from 'react';
import { ErrorBoundary } from '../ui/shell/ErrorBoundary';
import { useRoute, type Route } from '../ui/shell/router';
import { ThemeToggle } from '../ui/shell/ThemeToggle';
import { NotFoundPage } from '../ui/pages/NotFoundPage';
import { OfflineNotice } from './OfflineNotice';
import { screens } from './pages';

const LabPage = screens.lab.Component;
const EditorPage = screens.editor.Component;
const LessonsPage = screens.lessons.Component;
const PracticePage = screens.practice.Component;
const InterviewPage = screens.interview.Component;
const PresentPage = screens.present.Component;
const RacesPage = screens.races.Component;
const LivePage = screens.live.Component;

interface Section {
  id: string;
  label: string;
  /** Shown in the main navigation (presenter mode is reached from the footer and, later, from the lab). */
  nav?: false;
  render(route: Route): ReactNode;
}

/** `#/selftest/error` proves the error boundary in production builds (used by the e2e suite). */
function SelfTestCrash(): ReactNode {
  throw new Error('self-test: this screen failed on purpose');
}

const SECTIONS: Section[] = [
  { id: 'lab', label: 'Lab', render: (r) => <LabPage route={r} /> },
  { id: 'editor', label: 'Editor', render: (r) => <EditorPage route={r} /> },
  { id: 'lessons', label: 'Lessons', render: (r) => <LessonsPage route={r} /> },
  { id: 'practice', label: 'Practice', render: (r) => <PracticePage route={r} /> },
  { id: 'races', label: 'Races', render: (r) => <RacesPage route={r} /> },
  { id: 'interview', label: 'Interview', render: (r) => <InterviewPage route={r} /> },
  { id: 'present', label: 'Present', nav: false, render: (r) => <PresentPage route={r} /> },
  { id: 'live', label: 'Live', nav: false, render: (r) => <LivePage route={r} /> },
];

// While a screen's code arrives: a placeholder the size of a screen (the footer stays below
// the fold instead of floating up under a bare line), for the lab the outline of its two lanes.
const loading = (
  <div className="page-loading" role="status">
    <p className="loading">Loading…</p>
  </div>
);
const labLoading = (
  <div className="page-loading lab-skeleton" role="status" aria-label="Opening the lab">
    <p className="skeleton-title">Two servers, one budget</p>
    <p className="loading">Opening the lab: five requests, a limit of 3 per minute…</p>
    <div className="skeleton-lanes" aria-hidden="true">
      <div className="skeleton-lane">Counter in each server</div>
      <div className="skeleton-lane">One shared counter</div>
    </div>
  </div>
);

function Brand() {
  return (
    <a className="brand" href="#/lab">
      <svg className="brand-mark" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="7" fill="var(--accent)" />
        <path d="M7 22h4V12H7zm7 0h4V8h-4zm7 0h4v-6h-4z" fill="var(--accent-contrast)" />
        <circle cx="23" cy="10" r="3" fill="#f2a541" />
      </svg>
      <span className="brand-name">Rate Limit Lab</span>
      <span className="brand-promise">
        Predict what a limiter lets through, watch it, then fix it.
      </span>
      <span className="visually-hidden"> (home)</span>
    </a>
  );
}

export function App() {
  const route = useRoute();
  const first = route.parts[0] ?? 'lab';
  const section = SECTIONS.find((s) => s.id === first);

  // A deck on the projector, its speaker view and its handout use the whole window.
  // A live room's pages are kiosks: no way to other routes.
  if ((first === 'present' && route.parts.length >= 3) || first === 'live')
    return (
      <main id="main" tabIndex={-1} className="bare-main">
        <ErrorBoundary resetKey={route.hash}>
          <Suspense fallback={loading}>{section!.render(route)}</Suspense>
        </ErrorBoundary>
      </main>
    );

  return (
    <>
      <a
        className="skip-link"
        href="#main"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        Skip to content
      </a>
      <header className="app-header">
        <Brand />
        <nav className="main-nav" aria-label="Main">
          {SECTIONS.filter((s) => s.nav !== false).map((s) => (
            <a
              key={s.id}
              href={`#/${s.id}`}
              aria-current={s.id === section?.id ? 'page' : undefined}
            >
              {s.label}
            </a>
          ))}
        </nav>
        <ThemeToggle />
      </header>
      <main id="main" tabIndex={-1}>
        <ErrorBoundary resetKey={route.hash}>
          <Suspense fallback={section?.id === 'lab' ? labLoading : loading}>
            {section ? (
              section.render(route)
            ) : first === 'selftest' && route.parts[1] === 'error' ? (
              <SelfTestCrash />
            ) : (
              <NotFoundPage route={route} />
            )}
          </Suspense>
        </ErrorBoundary>
      </main>
      <footer className="app-footer">
        Rate Limit Lab runs entirely in your browser, on a virtual clock you control. No network
        needed. Running a workshop? <a href="#/present">Present a deck</a>.
        <OfflineNotice />
      </footer>
    </>
  );
}
