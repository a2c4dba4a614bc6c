import type { Route } from '../ui/shell/router';

export default function InterviewPage(_props: { route: Route }) {
  return (
    <div>
      <h1 className="page-title">Interview mode</h1>
      <p className="page-lede">
        A mock system-design interview on distributed rate limiting: one question at a time, a
        timer, and a reasoned answer you reveal when you are ready.
      </p>
    </div>
  );
}
