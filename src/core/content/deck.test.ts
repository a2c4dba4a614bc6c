// Deck parsing and the deck part of the content check: each malformed step names its line.
import { describe, expect, it } from 'vitest';
import { checkContent, formatIssue, type ContentFiles } from './check';
import { parseDeck } from './deck';
import { countsAt, summariseScene } from './deckScene';

const SCENARIO =
  '```scenario two\n{"algorithm": "fixed-window", "params": {"limit": 3, "windowSeconds": 60}, "placement": "local", "servers": 2,\n "requests": [{"at": 0, "server": "A"}, {"at": 10, "server": "B"}, {"at": 20, "server": "A"}, {"at": 30, "server": "B"}, {"at": 40, "server": "A"}],\n "compare": {"placement": "shared"}}\n```\n';
const deck = (steps: string) =>
  `---\ntitle: A deck\nminutes: 10\n---\n\n${SCENARIO}\n\`\`\`script rw\nreturn 1\n\`\`\`\n\n${steps}`;
const LESSON =
  '---\ntitle: One\n---\n\n```recap\n- r\n```\n\n```question\n{"prompt": "p", "choices": ["a", "b"], "answer": 0, "explanation": "e"}\n```\n\n```question\n{"prompt": "p", "choices": ["a", "b"], "answer": 0, "explanation": "e"}\n```\n';
const check = (text: string): string[] => {
  const files: ContentFiles = {
    'lessons/index.json': JSON.stringify({ lessons: ['one'], practice: [] }),
    'lessons/one.md': LESSON,
    'lessons/decks/d.md': text,
  };
  return checkContent(files).map(formatIssue);
};

describe('parseDeck', () => {
  it('reads steps, their actions, speaker notes, and carries the scene over', () => {
    const d = parseDeck(
      'lessons/decks/d.md',
      deck(
        '## Title\ncaption: Hello room\n\nNotes for me.\n\n## Scene\nload: two\ntime: 20\nhighlight: request 3\ncaption: Third request\n\nSay it.\n\n## Later\ntime: 40\ncaption: The end\n\n## Race\nrace: rw\nschedule: 1 2 x1 2\ncaption: r\n',
      ),
    );
    expect(d.problems).toEqual([]);
    expect(d.title).toBe('A deck');
    expect(d.steps.map((s) => s.view.kind)).toEqual(['caption', 'scene', 'scene', 'race']);
    expect(d.steps[0]!.notes).toBe('Notes for me.');
    expect(d.steps[1]!.view).toEqual({
      kind: 'scene',
      scenario: 'two',
      time: 20,
      highlight: { kind: 'request', request: 3 },
    });
    // The next step keeps the scenario, moves the time and drops the highlight.
    expect(d.steps[2]!.view).toMatchObject({ scenario: 'two', time: 40, highlight: null });
    expect(d.steps[3]!.view).toEqual({
      kind: 'race',
      code: 'rw',
      schedule: [
        { request: 1, crash: false },
        { request: 2, crash: false },
        { request: 1, crash: true },
        { request: 2, crash: false },
      ],
    });
  });
});

describe("a step's predict action", () => {
  it('reads what the prompt asks and about which lane, and names a bad value', () => {
    const d = parseDeck(
      'lessons/decks/d.md',
      deck(
        '## A\nload: two\ntime: 30\npredict: first-refused right\ncaption: Request 4 is refused.\n\n## B\npredict: admitted\ncaption: All 5 get through.\n\n## C\npredict: most\ncaption: c\n\n## D\nload: none\npredict: admitted\ncaption: c\n',
      ),
    );
    expect(d.steps[0]!.predict).toEqual({ ask: 'first-refused', lane: 2 });
    expect(d.steps[1]!.predict).toEqual({ ask: 'admitted', lane: 1 });
    expect(d.steps[2]!.predict).toBeUndefined();
    expect(d.problems.map((x) => x.message)).toEqual([
      'predict: "most" must be "admitted" or "first-refused", optionally followed by left or right',
      'predict: needs a scenario on screen (add "load: <scenario id>" to this or an earlier step)',
    ]);
  });
});

describe('the deck check', () => {
  it('accepts a well-formed deck', () => {
    expect(
      check(deck('## A\nload: two\ntime: 30\nhighlight: request 4\ncaption: c\n\nnotes\n')),
    ).toEqual([]);
  });

  it('names the line of each malformed step', () => {
    const text = deck(
      [
        '## No caption\nload: two\n',
        '## Typo\ntmie: 3\ncaption: c\n',
        '## Unknown scenario\nload: nope\ncaption: c\n',
        '## Too early\nload: two\ntime: 20\nhighlight: request 4\ncaption: c\n',
        '## No such request\nhighlight: request 9\ncaption: c\n',
        '## Bad key\nhighlight: key nobody\ncaption: c\n',
        '## Bad time\ntime: soon\ncaption: c\n',
        '## Race without schedule\nrace: rw\ncaption: c\n',
        '## Bad schedule\nrace: rw\nschedule: 1 7\ncaption: c\n',
        '## Unknown editor\neditor: no-such-template\ncaption: c\n',
        '## Time with no scene\nload: none\ntime: 3\ncaption: c\n',
      ].join('\n'),
    );
    const issues = check(text);
    const lineOf = (needle: string) => text.split('\n').findIndex((l) => l === needle) + 1;
    const expectAt = (needle: string, re: RegExp) =>
      expect(issues).toContainEqual(
        expect.stringMatching(new RegExp(`^lessons/decks/d\\.md:${lineOf(needle)}: ${re.source}`)),
      );
    expectAt('## No caption', /step "No caption" needs a "caption:"/);
    expectAt('tmie: 3', /"tmie:" is not a step action/);
    expectAt('load: nope', /load: nope names no ```scenario block/);
    expectAt(
      'highlight: request 4',
      /highlight request 4: it arrives at 30 s, after this step's time 20 s/,
    );
    expectAt('highlight: request 9', /highlight request 9: the scenario has 5 request/);
    expectAt('highlight: key nobody', /highlight key nobody: the scenario's keys are client/);
    expectAt('time: soon', /time: "soon" must be a number/);
    expectAt('race: rw', /race: needs a "schedule:" line/);
    expectAt('schedule: 1 7', /schedule turn "7" must be a server number/);
    expectAt('editor: no-such-template', /editor: no-such-template names no ```script block/);
    expectAt('time: 3', /time: needs a scenario on screen/);
    expect(issues).toHaveLength(11);
  });

  it('validates a scenario like a lab block, and the front matter', () => {
    const issues = check(
      '---\ntitle: T\nlength: 3\n---\n\n```scenario s\n{"algorithm": "fixed-window", "params": {"limit": 3, "windowSeconds": 60}, "requestz": []}\n```\n\n## A\nload: s\ncaption: c\n',
    );
    expect(issues).toContainEqual(
      expect.stringMatching(/^lessons\/decks\/d\.md:3: front matter "length" is not a known field/),
    );
    expect(issues).toContainEqual(expect.stringMatching(/d\.md:1: front matter needs minutes/));
    expect(issues).toContainEqual(
      expect.stringMatching(/d\.md:7: lab: scenario\.requestz is not a known field/),
    );
  });
});

describe('race steps on a puzzle', () => {
  const PUZZLE =
    '---\ntitle: P\nslug: p\norder: 1\n---\n\nText.\n\n```races\n{"goal": "break", "part": "maxAdmitted", "code": "return redis.call(\\"INCR\\", KEYS[1])", "requests": [{"keys": ["k"], "args": []}, {"keys": ["k"], "args": []}]}\n```\n\n```hint\nLook.\n```\n';
  const checkWith = (text: string): string[] =>
    checkContent({
      'lessons/index.json': JSON.stringify({ lessons: ['one'], practice: [] }),
      'lessons/one.md': LESSON,
      'lessons/puzzles/p.md': PUZZLE,
      'lessons/decks/d.md': text,
    }).map(formatIssue);
  it('accepts a race puzzle by slug and refuses a server it does not have', () => {
    expect(checkWith(deck('## R\nrace: p\nschedule: 1 2 1\ncaption: c\n'))).toEqual([]);
    expect(checkWith(deck('## R\nrace: p\nschedule: 1 3\ncaption: c\n'))).toContainEqual(
      expect.stringMatching(/schedule: the puzzle p has 2 app servers, so there is no server 3/),
    );
    expect(checkWith(deck('## R\nrace: nothing-here\nschedule: 1\ncaption: c\n'))).toContainEqual(
      expect.stringMatching(
        /race: nothing-here names no ```script block of this deck, no race puzzle/,
      ),
    );
  });
});

describe('summariseScene', () => {
  it('counts what the engine decided by a time, per lane', () => {
    const spec = JSON.parse(SCENARIO.split('\n').slice(1, -2).join('\n')) as Record<
      string,
      unknown
    >;
    const s = summariseScene(spec);
    expect(s.lanes).toHaveLength(2);
    const [local, shared] = s.lanes;
    expect(countsAt(local!, null)).toMatchObject({ allowed: 5, denied: 0, total: 5 });
    expect(countsAt(shared!, null)).toMatchObject({ allowed: 3, denied: 2 });
    expect(countsAt(shared!, 25)).toMatchObject({ decided: 3, allowed: 3, denied: 0 });
    expect(shared!.requests[3]).toMatchObject({
      n: 4,
      at: 30,
      outcome: 'denied',
      retryAfterSeconds: 30,
    });
  });
});
