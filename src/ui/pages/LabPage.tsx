import type { Route } from '../shell/router';

export default function LabPage(_props: { route: Route }) {
  return (
    <div data-testid="lab-page">
      <h1 className="page-title">Two servers, one budget</h1>
      <p className="page-lede">The lab is loading its engine.</p>
    </div>
  );
}
