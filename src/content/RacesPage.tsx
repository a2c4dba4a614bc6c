// #/races: the scheduler screen. The index lists the puzzles and a sandbox for any app-server
// code; #/races/<puzzle> is one puzzle (its goal, the scheduler, hints, solved in progress);
// #/races?s=<link> replays a shared ordering of any code. Shared links are decoded in the
// races worker, and a bad one gets a message, never a frozen tab.
import { useEffect, useMemo, useState } from 'react';
import { ExploreInputError } from '../core/races/errors';
import { parseRacesSpec, type RacesSpec } from '../core/races/puzzle';
import { parseScheduleText } from '../core/races/share';
import type { Action, ExploreInput } from '../core/races/types';
import { progressStore } from '../store/progress';
import { Scheduler } from '../ui/races/Scheduler';
import type { Route } from '../ui/shell/router';
import { Markdown } from '../ui/widgets/Markdown';
import { racesWorker } from '../worker/racesClient';
import { DocCard } from './DocCard';
import { PUZZLES, directives, type Doc } from './library';
import { useProgress } from './useProgress';
import './content.css';

export const puzzleKey = (slug: string) => `races/${slug}`;

function specOf(doc: Doc): { spec: RacesSpec } | { error: string } {
  const b = directives(doc, 'races')[0];
  if (!b) return { error: `${doc.file} has no races block` };
  try {
    return { spec: parseRacesSpec(b.json, 'break') };
  } catch (e) {
    return {
      error: e instanceof ExploreInputError ? e.errors.join('; ') : (e as Error).message,
    };
  }
}

function Hints({ doc }: { doc: Doc }) {
  const hints = directives(doc, 'hint');
  const [shown, setShown] = useState(0);
  if (!hints.length) return null;
  return (
    <section className="race-hints" aria-label="Hints">
      {hints.slice(0, shown).map((h, i) => (
        <div key={i} className="card hint" data-testid="race-hint">
          <strong>Hint {i + 1}.</strong> <Markdown text={h.text} />
        </div>
      ))}
      {shown < hints.length && (
        <button type="button" className="button" onClick={() => setShown(shown + 1)}>
          {shown === 0 ? 'Show a hint' : 'Show another hint'} ({hints.length - shown} left)
        </button>
      )}
    </section>
  );
}

function Puzzle({ doc, route }: { doc: Doc; route: Route }) {
  const at = PUZZLES.indexOf(doc);
  const parsed = useMemo(() => specOf(doc), [doc]);
  const solved = useProgress((s) => Boolean(s.problemsSolved[puzzleKey(doc.slug)]));
  const [justSolved, setJustSolved] = useState(false);
  const scheduleParam = route.query.get('schedule');
  const shared = useMemo((): { schedule: Action[] | null; error: string | null } => {
    if (!scheduleParam || !('spec' in parsed)) return { schedule: null, error: null };
    try {
      return {
        schedule: parseScheduleText(scheduleParam, parsed.spec.input.requests.length),
        error: null,
      };
    } catch (e) {
      return { schedule: null, error: (e as Error).message };
    }
  }, [scheduleParam, parsed]);
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [doc.slug]);
  const prose = doc.blocks.filter((b) => b.kind === 'markdown');
  const next = PUZZLES[at + 1];
  const onSolved = () => {
    progressStore().getState().markSolved(puzzleKey(doc.slug));
    setJustSolved(true);
  };
  return (
    <article className="race-page" data-testid="race-puzzle">
      <p className="eyebrow">
        <a href="#/races">Races</a> · Puzzle {at + 1} of {PUZZLES.length}
        {solved && (
          <span className="solved-tag" data-testid="race-solved-tag">
            {' '}
            · Solved
          </span>
        )}
      </p>
      <h1 className="page-title">{doc.title}</h1>
      <div className="prose race-prose">
        {prose.map((b, i) => (b.kind === 'markdown' ? <Markdown key={i} text={b.text} /> : null))}
      </div>
      {shared.error && (
        <p className="notice error" role="alert">
          The link's schedule could not be used ({shared.error}), so the puzzle starts from the
          beginning.
        </p>
      )}
      {'spec' in parsed ? (
        <Scheduler
          key={`${doc.slug}:${scheduleParam ?? ''}`}
          raw={parsed.spec.raw}
          goal={parsed.spec.goal}
          part={parsed.spec.part}
          servers={parsed.spec.servers}
          puzzle={doc.slug}
          initialSchedule={shared.schedule}
          onSolved={onSolved}
          solved={solved && !justSolved}
        />
      ) : (
        <p className="notice error" role="alert">
          This puzzle could not be set up: {parsed.error}
        </p>
      )}
      <Hints doc={doc} />
      <nav className="race-next-nav">
        {next ? (
          <a className="button primary" href={`#/races/${next.slug}`}>
            Next puzzle: {next.title}
          </a>
        ) : (
          <a className="button" href="#/races">
            All puzzles
          </a>
        )}
      </nav>
    </article>
  );
}

/** A shared link to any code: decoded in the worker. */
function SharedLink({ param }: { param: string }) {
  const [st, setSt] = useState<
    | { kind: 'loading' }
    | { kind: 'error'; message: string }
    | { kind: 'ready'; input: ExploreInput; schedule: Action[] }
  >({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    setSt({ kind: 'loading' });
    racesWorker()
      .link(param)
      .then(
        (r) => live && setSt({ kind: 'ready', ...r }),
        (e: Error) => live && setSt({ kind: 'error', message: e.message }),
      );
    return () => {
      live = false;
    };
  }, [param]);
  if (st.kind === 'loading')
    return (
      <p className="loading" role="status">
        Opening the shared ordering…
      </p>
    );
  if (st.kind === 'error')
    return (
      <div className="notice error" role="alert" data-testid="race-link-error">
        <p>
          <strong>This link cannot be opened.</strong>{' '}
          {st.message.charAt(0).toUpperCase() + st.message.slice(1)}.
        </p>
        <p>
          <a href="#/races">Go to the puzzles</a>
        </p>
      </div>
    );
  return (
    <section aria-label="Shared ordering" data-testid="race-shared">
      <h2 className="race-section-title">A shared ordering</h2>
      <Scheduler
        raw={st.input as unknown as Record<string, unknown>}
        goal="play"
        initialSchedule={st.schedule}
      />
      <Sandbox initial={st.input} />
    </section>
  );
}

const SANDBOX_CODE = `local limit = tonumber(ARGV[1])
local count = tonumber(redis.call("GET", KEYS[1]) or "0")
if count + 1 > limit then
  return 0
end
redis.call("SET", KEYS[1], count + 1, "EX", 60)
return 1`;

const words = (t: string) => t.split(/\s+/).filter(Boolean);

/** Any app-server code on the scheduler: the explorer's input as a small form. */
function Sandbox({ initial }: { initial?: ExploreInput }) {
  const [code, setCode] = useState(initial?.code ?? SANDBOX_CODE);
  const [servers, setServers] = useState(String(initial?.requests.length ?? 2));
  const [keys, setKeys] = useState((initial?.requests[0]?.keys ?? ['count:client']).join(' '));
  const [args, setArgs] = useState((initial?.requests[0]?.args ?? ['3']).join(' '));
  const [setup, setSetup] = useState(
    (initial?.initial ?? [['SET', 'count:client', '2', 'EX', '60']])
      .map((c) => c.join(' '))
      .join('\n'),
  );
  const inv = initial?.invariant ?? {};
  const [maxAdmitted, setMax] = useState(
    typeof inv.maxAdmitted === 'number' ? String(inv.maxAdmitted) : '',
  );
  const [minAdmitted, setMin] = useState(
    inv.minAdmitted !== undefined ? String(inv.minAdmitted) : '',
  );
  const [ttl, setTtl] = useState(Boolean(inv.allKeysHaveTtl));
  const [charge, setCharge] = useState(Boolean(inv.noChargeWhenDenied));
  const [crashes, setCrashes] = useState(initial ? initial.crashes !== false : false);
  const [loaded, setLoaded] = useState<Record<string, unknown> | null>(null);
  const build = (): Record<string, unknown> => {
    const n = Math.max(1, Math.min(4, Math.round(Number(servers)) || 2));
    const invariant: Record<string, unknown> = {};
    if (maxAdmitted.trim()) invariant.maxAdmitted = Number(maxAdmitted);
    if (minAdmitted.trim()) invariant.minAdmitted = Number(minAdmitted);
    if (ttl) invariant.allKeysHaveTtl = true;
    if (charge) invariant.noChargeWhenDenied = true;
    return {
      code,
      requests: Array.from({ length: n }, () => ({ keys: words(keys), args: words(args) })),
      initial: setup
        .split('\n')
        .map(words)
        .filter((c) => c.length > 0),
      // No part named: the explorer's default (no more than one at a time admits).
      ...(Object.keys(invariant).length ? { invariant } : {}),
      crashes,
      maxSchedules: 20000,
    };
  };
  return (
    <section className="card race-sandbox" aria-label="Your own code" data-testid="race-sandbox">
      <h2 className="race-section-title">Your own code</h2>
      <p className="muted">
        App-server Lua: every <code>redis.call</code> is one round trip. Each server runs the same
        code with these KEYS and ARGV. Leave the invariant empty for the default: no more admitted
        than one at a time would admit.
      </p>
      <label className="race-field race-code-field">
        Code
        <textarea
          value={code}
          onChange={(e) => setCode(e.target.value)}
          rows={Math.min(18, Math.max(6, code.split('\n').length + 1))}
          spellCheck={false}
          data-testid="race-sandbox-code"
        />
      </label>
      <div className="race-fields">
        <label className="race-field">
          App servers (1 to 4)
          <input
            type="number"
            min={1}
            max={4}
            value={servers}
            onChange={(e) => setServers(e.target.value)}
          />
        </label>
        <label className="race-field">
          KEYS
          <input value={keys} onChange={(e) => setKeys(e.target.value)} spellCheck={false} />
        </label>
        <label className="race-field">
          ARGV
          <input value={args} onChange={(e) => setArgs(e.target.value)} spellCheck={false} />
        </label>
        <label className="race-field">
          At most admitted
          <input
            type="number"
            min={0}
            value={maxAdmitted}
            onChange={(e) => setMax(e.target.value)}
          />
        </label>
        <label className="race-field">
          At least admitted
          <input
            type="number"
            min={0}
            value={minAdmitted}
            onChange={(e) => setMin(e.target.value)}
          />
        </label>
      </div>
      <label className="race-field">
        Store before the requests (one command a line)
        <textarea
          value={setup}
          onChange={(e) => setSetup(e.target.value)}
          rows={3}
          spellCheck={false}
        />
      </label>
      <div className="race-fields">
        <label className="race-check">
          <input type="checkbox" checked={ttl} onChange={(e) => setTtl(e.target.checked)} /> Every
          key must have an expiry
        </label>
        <label className="race-check">
          <input type="checkbox" checked={charge} onChange={(e) => setCharge(e.target.checked)} /> A
          refused request charges nothing
        </label>
        <label className="race-check">
          <input type="checkbox" checked={crashes} onChange={(e) => setCrashes(e.target.checked)} />{' '}
          Servers may crash
        </label>
      </div>
      <p>
        <button
          type="button"
          className="button primary"
          onClick={() => setLoaded(build())}
          data-testid="race-sandbox-load"
        >
          Put it on the scheduler
        </button>
      </p>
      {loaded && <Scheduler key={JSON.stringify(loaded)} raw={loaded} goal="play" embedded />}
    </section>
  );
}

export default function RacesPage({ route }: { route: Route }) {
  const slug = route.parts[1];
  const solved = useProgress((s) => s.problemsSolved);
  const shared = route.query.get('s');
  if (slug) {
    const doc = PUZZLES.find((p) => p.slug === slug);
    if (!doc)
      return (
        <section className="card narrow" data-testid="not-found">
          <h1 className="page-title">No puzzle called “{slug}”</h1>
          <p>
            <a href="#/races">See every puzzle</a>
          </p>
        </section>
      );
    return <Puzzle key={doc.slug} doc={doc} route={route} />;
  }
  const done = PUZZLES.filter((p) => solved[puzzleKey(p.slug)]).length;
  return (
    <div className="doc-index race-index">
      <h1 className="page-title">Races</h1>
      <p className="page-lede">
        You are the scheduler. App servers send their Redis commands one round trip at a time; you
        pick whose round trip goes next, and crash a server where it hurts. Find the orderings that
        break a limiter, then let the explorer try every ordering to prove a fix.
      </p>
      {shared ? (
        <SharedLink param={shared} />
      ) : (
        <>
          <p className="muted" data-testid="race-progress">
            {done} of {PUZZLES.length} puzzles solved
          </p>
          <ol className="doc-list">
            {PUZZLES.map((p, i) => (
              <DocCard
                key={p.slug}
                n={i + 1}
                done={!!solved[puzzleKey(p.slug)]}
                href={`#/races/${p.slug}`}
                title={p.title}
                testId="puzzle-card"
              >
                <p className="muted">
                  {solved[puzzleKey(p.slug)] && <span className="solved-tag">Solved · </span>}
                  {p.objectives[0]}
                </p>
              </DocCard>
            ))}
          </ol>
          <Sandbox />
        </>
      )}
    </div>
  );
}
