import { encodeShare } from '../../core/share';

/** A lab scenario embedded in a lesson. */
export function LabWidget({ spec }: { spec: Record<string, unknown> }) {
  const { title, caption, compare: _compare, ...scenario } = spec;
  return (
    <figure className="widget card" data-testid="lab-widget">
      <figcaption className="widget-caption">
        <strong>{typeof title === 'string' ? title : 'Try it in the lab'}</strong>
        <a className="button primary" href={`#/lab?scenario=${encodeShare(scenario)}`}>
          Open in the lab
        </a>
      </figcaption>
      {typeof caption === 'string' && <p className="muted">{caption}</p>}
    </figure>
  );
}
