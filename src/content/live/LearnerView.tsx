// A workshop learner (`#/live/<code>` for a workshop room): coming next.
export function LearnerView({ code }: { code: string; deck: string | null }) {
  return (
    <div className="live-kiosk" data-testid="live-learner">
      <p>Workshop room {code}.</p>
    </div>
  );
}
