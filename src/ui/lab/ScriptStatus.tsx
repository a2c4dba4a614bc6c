// What the lab's Lua worker is doing for this stage: "running your script" while a learner's
// script runs there (the scene keeps the last run and answers clicks meanwhile), and what
// happened to scripts the lab had to stop (src/store/labCompute.ts scriptNotes).
import { SCRIPT_DEADLINE_MS } from '../../worker/labLimits';
import { useShallow } from 'zustand/react/shallow';
import { scriptNotes } from '../../store/labCompute';
import { laneTitles } from '../../store/labStore';
import { useLab } from './useLab';

export function ScriptStatus() {
  const running = useLab((s) => s.running);
  const run = useLab((s) => s.run);
  const compare = useLab((s) => s.compare);
  const titles = useLab(useShallow((s) => laneTitles(s)));
  // With two lanes, each line says which lane it is about.
  const of = (lane: string | null, ns: string[]) =>
    compare && lane ? ns.map((n) => `${lane}: ${n}`) : ns;
  const notes = [...of(titles.main, scriptNotes(run)), ...of(titles.compare, scriptNotes(compare))];
  return (
    <>
      {running && (
        <p className="notice script-running" role="status" data-testid="script-running">
          Running your script in the lab’s Lua worker… The page keeps answering; a script still
          running after {SCRIPT_DEADLINE_MS} ms is stopped.
        </p>
      )}
      {notes.length > 0 && (
        <div className="notice script-notes" role="status" data-testid="script-notes">
          <strong>The lab stopped your script.</strong>
          <ul>
            {notes.map((n, k) => (
              <li key={k}>{n}</li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
