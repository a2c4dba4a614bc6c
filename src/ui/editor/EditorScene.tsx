// The editor's scene: the last run's requests on the lab's lane, with the time bar (or a note
// until the first run).
import { Lane } from '../lab/scene/Lane';
import { Legend } from '../lab/shapes';
import { TimeBar } from '../lab/TimeBar';
import { useLab } from '../lab/useLab';
import { useEditor } from './useEditor';

export function EditorScene() {
  const run = useLab((s) => s.run);
  const output = useEditor((s) => s.output);
  const isLua = run.scenario.policies[0]?.algorithm === 'lua';
  return (
    <section className="ed-scene" aria-label="Scene">
      {output && isLua ? (
        <>
          <Lane run={run} lane="main" primary />
          <Legend show={['allowed', 'denied', 'unavailable']} />
          <div className="lab-timebar">
            <TimeBar />
          </div>
          {output.mode === 'app' && (
            <p className="muted small">
              The scene draws each request as one read and one write; the trace below lists every
              round trip with its time.
            </p>
          )}
        </>
      ) : (
        <p className="muted ed-scene-empty">The scene appears after the first run.</p>
      )}
    </section>
  );
}
