// The lab's next steps beside its title: change the algorithm, break the shared counter with
// latency, or start the lesson.
import { labStore } from '../../../store/labStore';
import { withBrokenStore } from '../../../store/scenarioEdits';

/** Break it: read-then-write on a slow store, played from the start. */
function breakIt(): void {
  const s = labStore.getState();
  if (s.edit(withBrokenStore)) {
    s.seek(0);
    s.play();
  }
}

export function NextSteps({ onAlgorithm }: { onAlgorithm: () => void }) {
  return (
    <div className="next-steps" role="group" aria-label="What next">
      <button type="button" className="button" onClick={onAlgorithm}>
        Change the algorithm
      </button>
      <button type="button" className="button" data-testid="break-it" onClick={breakIt}>
        Break it: add latency
      </button>
      <a className="button primary" href="#/lessons/two-servers-one-budget">
        Start the lesson →
      </a>
    </div>
  );
}
