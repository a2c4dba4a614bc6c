// The run summary counts what the run decided: admitted, denied and failed requests, lost
// updates in app mode, and a runaway script's stop, from the records it is given.
import { describe, expect, it } from 'vitest';
import { draw } from '../markupForTests';
import { RunSummaryView } from './RunSummary';
import { denied, failed, output, record } from './testRecords';

const idle = { running: false, runError: null } as const;

describe('RunSummaryView', () => {
  it('before any run, asks for one (and says when one is on its way)', () => {
    expect(draw(<RunSummaryView output={null} mode="script" {...idle} />).text).toBe(
      'Press Run to send this script the traffic below.',
    );
    expect(draw(<RunSummaryView output={null} mode="script" running runError={null} />).text).toBe(
      'Running the script in its worker…',
    );
  });

  it('counts admitted, denied and failed requests of the run', () => {
    const run = output([
      record(0),
      record(1),
      record(2, { decision: denied }),
      record(3, { decision: failed }),
      record(4),
    ]);
    const { text, html } = draw(<RunSummaryView output={run} mode="script" {...idle} />);
    expect(text).toBe('3 admitted, 1 denied, 1 errors of 5 requests, each as one atomic EVALSHA.');
    expect(html).toContain('<strong data-testid="run-allowed">3</strong>');
    expect(html).toContain('<strong data-testid="run-denied">1</strong>');
    expect(html).toContain('<strong data-testid="run-errors">1</strong>');
  });

  it('leaves the error count out when nothing failed', () => {
    const run = output([record(0), record(1, { decision: denied })]);
    const { html, text } = draw(<RunSummaryView output={run} mode="script" {...idle} />);
    expect(html).not.toContain('run-errors');
    expect(text).toContain('1 admitted, 1 denied of 2 requests');
  });

  it('in app mode, counts the requests whose write lost an update', () => {
    const run = output([record(0, { stale: true }), record(1), record(2, { stale: true })], {
      mode: 'app',
    });
    const { text } = draw(<RunSummaryView output={run} mode="app" {...idle} />);
    expect(text).toContain('as app-server code, one round trip per redis.call.');
    expect(text).toContain('2 lost updates (a write based on a stale read).');
    const one = draw(
      <RunSummaryView output={output([record(0, { stale: true })])} mode="app" {...idle} />,
    );
    expect(one.text).toContain('1 lost update (a write');
  });

  it('says how many runaway runs were stopped and how many requests were skipped', () => {
    const run = output(
      [
        record(0, { killed: true, decision: failed }),
        record(1, { skipped: true, decision: failed }),
      ],
      {
        killedCount: 1,
        skippedCount: 1,
      },
    );
    const { text } = draw(<RunSummaryView output={run} mode="script" {...idle} />);
    expect(text).toBe(
      '0 admitted, 0 denied, 2 errors of 2 requests, each as one atomic EVALSHA. ' +
        'Runaway script stopped: 1 run used up the budget of 5,000,000 Lua steps and was stopped; ' +
        'the lab skipped the other 1 requests. The page and the time controls keep working.',
    );
  });

  it('a failed worker shows its message instead of counts', () => {
    const { html, text } = draw(
      <RunSummaryView
        output={output([record(0)])}
        mode="script"
        running={false}
        runError="The worker crashed."
      />,
    );
    expect(html).toContain('role="alert"');
    expect(text).toBe('The worker crashed.');
  });
});
