// Interview mode: `#/interview` chooses; `#/interview/host` is the interviewer's window (answer,
// rubric, follow-ups, notes, clocks, scorecard); `#/interview/candidate` is the screen the
// candidate sees (the question only); `#/interview/practice` is the one-person practice mode.
import type { Route } from '../ui/shell/router';
import { CandidatePage } from './interview/CandidatePage';
import { HostPage } from './interview/HostPage';
import { questionBank } from './interview/questions';
import { SoloPractice } from './interview/SoloPractice';
import './content.css';
import './interview/interview.css';

function Landing() {
  const bank = questionBank();
  return (
    <div className="interview interview-landing" data-testid="interview-landing">
      <h1 className="page-title">Interview mode</h1>
      <p className="page-lede">
        A system-design interview on distributed rate limiting, with {bank.questions.length}{' '}
        questions, each with a reasoned answer, a rubric and follow-ups. Run it on two screens: the
        candidate sees only the question; your window keeps the answer, the rubric, your notes and
        the clock, and downloads a scorecard at the end.
      </p>
      <div className="interview-choices">
        <section className="card">
          <h2>Run an interview</h2>
          <p>
            Pick the questions and their order, start the session, then open the candidate&apos;s
            screen on the display you share. The two windows stay in step with no network.
          </p>
          <a className="button primary" href="#/interview/host" data-testid="open-host">
            Open the interviewer&apos;s window
          </a>
        </section>
        <section className="card">
          <h2>The candidate&apos;s screen</h2>
          <p>
            Shows the current question and, where it has one, a lab to work in. Nothing from the
            interviewer&apos;s window ever appears on it.
          </p>
          <a className="button" href="#/interview/candidate" data-testid="open-candidate">
            Open the candidate&apos;s screen
          </a>
        </section>
        <section className="card">
          <h2>Practise on your own</h2>
          <p>One question at a time with a timer; reveal the reasoned answer when you are ready.</p>
          <a className="button" href="#/interview/practice" data-testid="open-practice">
            Practise alone
          </a>
        </section>
      </div>
    </div>
  );
}

export default function InterviewPage({ route }: { route: Route }) {
  switch (route.parts[1]) {
    case 'host':
      return <HostPage />;
    case 'candidate':
      return <CandidatePage />;
    case 'practice':
      return <SoloPractice route={route} />;
    default:
      return <Landing />;
  }
}
