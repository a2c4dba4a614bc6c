// Interview rubric files: parsing, merging with interview.md, and the content check's rules.
import { describe, expect, it } from 'vitest';
import { checkContent, formatIssue, type ContentFiles } from './check';
import { parseInterview } from './interview';
import { mergeInterview, parseInterviewExtra } from './interviewRubric';

const LESSON =
  '---\ntitle: One\n---\n\n```lab\n{"algorithm": "fixed-window", "params": {"limit": 3, "windowSeconds": 60}, "requests": [{"at": 0}]}\n```\n\n```recap\n- r\n```\n\n```question\n{"prompt": "p", "choices": ["a", "b"], "answer": 0, "explanation": "e"}\n```\n\n```question\n{"prompt": "p", "choices": ["a", "b"], "answer": 0, "explanation": "e"}\n```\n';
const MAIN =
  '---\ntitle: Mock\n---\n\n## Why share the counter?\n\nTwo servers...\n\n```answer\nBecause.\n```\n\nLesson: one\nId: share\n';
const RUBRIC =
  '---\nminutes: 5\n---\n\n## Rubric\n- Names the multiplication by the number of servers\n- Picks shared state or a split budget on purpose\n- Mentions that sticky routing hides the bug\n  until a restart\n\n## Follow-ups\n1. What if the fleet autoscales?\n   Listen for: the split budget must be recomputed.\n2. And with sticky routing?\n   Listen for: hides it until a server restarts.\n';
const OWN =
  '---\ntitle: Lease tokens in batches\nlesson: one\nlab: 1\norder: 2\n---\n\nHow would instances lease tokens?\n\n## Answer\nLease small batches.\n\n## Rubric\n- Sizes the batch against the overage it allows\n- Says what happens to a stranded lease\n- Returns unused tokens on shutdown\n\n## Follow-ups\n1. A lease holder dies. What now?\n   Listen for: the lease expires; its tokens are lost for the window.\n2. How big is a batch?\n   Listen for: small against the limit.\n\n## Candidate lab\n\n```lab\n{"algorithm": "token-bucket", "params": {"capacity": 5, "refillPerSecond": 1}, "requests": [{"at": 0}]}\n```\n';

const files = (extra: ContentFiles): ContentFiles => ({
  'lessons/index.json': JSON.stringify({ lessons: ['one'], practice: [] }),
  'lessons/one.md': LESSON,
  'lessons/interview.md': MAIN,
  ...extra,
});
const check = (extra: ContentFiles) => checkContent(files(extra)).map(formatIssue);

describe('interview rubric files', () => {
  it('parse into a rubric, a follow-up chain and a candidate lab', () => {
    const e = parseInterviewExtra('lessons/interview/lease.md', OWN);
    expect(e.id).toBe('lease');
    expect(e.prompt).toBe('How would instances lease tokens?');
    expect(e.answer).toBe('Lease small batches.');
    expect(e.rubric.map((p) => p.text)).toHaveLength(3);
    expect(e.followUps[0]).toMatchObject({
      ask: 'A lease holder dies. What now?',
      listenFor: 'the lease expires; its tokens are lost for the window.',
    });
    expect(e.lab).toMatchObject({ algorithm: 'token-bucket' });
    const r = parseInterviewExtra('lessons/interview/share.md', RUBRIC);
    expect(r.rubric[2]!.text).toBe('Mentions that sticky routing hides the bug until a restart');
  });

  it('merge after interview.md questions, by id', () => {
    const iv = parseInterview('lessons/interview.md', MAIN);
    const qs = mergeInterview(iv.questions, [
      parseInterviewExtra('lessons/interview/lease.md', OWN),
      parseInterviewExtra('lessons/interview/share.md', RUBRIC),
    ]);
    expect(qs.map((q) => q.id)).toEqual(['share', 'lease']);
    expect(qs[0]).toMatchObject({
      title: 'Why share the counter?',
      answer: 'Because.',
      minutes: 5,
    });
    expect(qs[0]!.rubric).toHaveLength(3);
    expect(qs[1]).toMatchObject({ title: 'Lease tokens in batches', lesson: 'one', lab: 1 });
  });

  it('pass the content check when complete', () => {
    expect(
      check({ 'lessons/interview/share.md': RUBRIC, 'lessons/interview/lease.md': OWN }),
    ).toEqual([]);
  });

  it('are required for every question, and need 3 to 6 points and follow-ups', () => {
    expect(check({})).toEqual([
      'lessons/interview.md:14: question "Why share the counter?" has no rubric: add lessons/interview/share.md',
    ]);
    const two = RUBRIC.replace(
      '- Mentions that sticky routing hides the bug\n  until a restart\n',
      '',
    );
    expect(check({ 'lessons/interview/share.md': two })).toEqual([
      'lessons/interview/share.md:5: the rubric has 2 point(s): it needs 3 to 6 ("## Rubric" with "- " bullets)',
    ]);
    const seven = RUBRIC.replace(
      '## Follow-ups',
      '- four more words here\n- five more words here\n- six more words here\n- seven more words here\n\n## Follow-ups',
    );
    expect(check({ 'lessons/interview/share.md': seven })[0]).toMatch(/has 7 point\(s\)/);
    const noListen = RUBRIC.replace('   Listen for: hides it until a server restarts.\n', '');
    expect(check({ 'lessons/interview/share.md': noListen })).toEqual([
      'lessons/interview/share.md:14: this follow-up has no "Listen for: ..." line under it',
    ]);
  });

  it('report a missing Id, an own question without its parts, and unknown sections', () => {
    expect(check({ 'lessons/interview.md': MAIN.replace('Id: share\n', '') })).toContainEqual(
      'lessons/interview.md:5: question "Why share the counter?" has no "Id: <id>" line (its rubric file is lessons/interview/<id>.md)',
    );
    const issues = check({
      'lessons/interview/share.md': RUBRIC,
      'lessons/interview/bare.md': RUBRIC.replace('## Rubric', '## Notes\n\n## Rubric'),
    });
    expect(issues).toContainEqual(
      expect.stringMatching(/bare\.md:1: "bare" is not an Id: in lessons\/interview\.md/),
    );
    expect(issues).toContainEqual(expect.stringMatching(/bare\.md:5: "## Notes" is not a section/));
    expect(issues).toContainEqual(
      expect.stringMatching(/bare\.md:\d+: a question of its own needs a "## Answer" section/),
    );
    const dup = check({
      'lessons/interview/share.md': `---\ntitle: Again\n---\n\n${RUBRIC.split('---\n')[2]}`,
    });
    expect(dup).toContainEqual(
      expect.stringMatching(/share\.md:2: "title" comes from lessons\/interview\.md/),
    );
  });
});
