// The content check's part for interview mode: every question of lessons/interview.md has a
// stable `Id:` and a rubric file lessons/interview/<id>.md; every rubric file has 3 to 6 rubric
// points and a chain of follow-ups, each with what to listen for; a file that is a question of
// its own also has a title, a prompt, an answer and a lesson. Issues name file:line.
import type { Interview } from './interview';
import {
  EXTRA_FRONT,
  EXTRA_SECTIONS,
  interviewIdOf,
  parseInterviewExtra,
  type InterviewExtra,
} from './interviewRubric';
import { ContentError, type Block } from './parseDoc';

export const RUBRIC_MIN = 3;
export const RUBRIC_MAX = 6;
export const FOLLOW_UPS_MIN = 2;

type Directive = Extract<Block, { kind: 'directive' }>;

/** What checkContent lends the interview and deck checks. */
export interface ContentCheckHelpers {
  add(file: string, line: number, message: string): void;
  /** Issues reported so far (to tell whether a validation added any). */
  count(): number;
  /** Validates a ```lab body as the lessons' lab widgets are validated. */
  lab(file: string, block: Directive): void;
  /** Reports broken internal links in a Markdown text. */
  links(file: string, line: number, text: string): void;
  lessons: Set<string>;
  /** How many ```lab blocks each lesson has. */
  labsOf(slug: string): number;
}

export const isInterviewExtraFile = (path: string): boolean =>
  /^lessons\/interview\/[a-z0-9][\w-]*\.md$/.test(path);

const ID = /^[a-z0-9][a-z0-9-]*$/;

export function checkInterviewExtras(
  h: ContentCheckHelpers,
  files: Record<string, string>,
  interviewPath: string,
  iv: Interview | null,
): InterviewExtra[] {
  const main = new Map<string, number>();
  for (const q of iv?.questions ?? []) {
    if (!q.id) {
      h.add(
        interviewPath,
        q.line,
        `question "${q.title}" has no "Id: <id>" line (its rubric file is lessons/interview/<id>.md)`,
      );
      continue;
    }
    if (!ID.test(q.id))
      h.add(interviewPath, q.idLine, `Id: "${q.id}" must be lowercase letters, digits and dashes`);
    if (main.has(q.id))
      h.add(interviewPath, q.idLine, `Id: ${q.id} is used twice (also on line ${main.get(q.id)})`);
    else main.set(q.id, q.idLine);
  }

  const extras: InterviewExtra[] = [];
  for (const path of Object.keys(files).filter(isInterviewExtraFile).sort()) {
    let e: InterviewExtra;
    try {
      e = parseInterviewExtra(path, files[path]!);
    } catch (err) {
      if (err instanceof ContentError) h.add(err.file, err.line, err.reason);
      else throw err;
      continue;
    }
    extras.push(e);
    const line = (k: string) => e.frontLines[k] ?? 1;
    for (const k of Object.keys(e.front))
      if (!(EXTRA_FRONT as readonly string[]).includes(k))
        h.add(
          path,
          line(k),
          `front matter "${k}" is not a known field (allowed: ${EXTRA_FRONT.join(', ')})`,
        );
    if (e.front.id !== undefined && e.front.id !== interviewIdOf(path))
      h.add(
        path,
        line('id'),
        `id "${String(e.front.id)}" must match the file name "${interviewIdOf(path)}"`,
      );
    for (const s of e.unknownSections)
      h.add(
        path,
        s.line,
        `"## ${s.name}" is not a section of a rubric file (sections: ${EXTRA_SECTIONS.join(', ')})`,
      );
    for (const s of e.strayLines)
      h.add(
        path,
        s.line,
        s.section === 'Rubric'
          ? `"${s.text.slice(0, 40)}" is not a rubric point: each point is a "- " bullet`
          : `"${s.text.slice(0, 40)}" is not part of a follow-up: number each one ("1. ...") and indent its "Listen for:" line`,
      );
    if (
      e.front.minutes !== undefined &&
      (typeof e.front.minutes !== 'number' || !(e.front.minutes > 0) || e.front.minutes > 60)
    )
      h.add(path, line('minutes'), 'minutes must be a number of minutes between 0 and 60');

    const n = e.rubric.length;
    if (n < RUBRIC_MIN || n > RUBRIC_MAX)
      h.add(
        path,
        e.rubricLine,
        `the rubric has ${n} point(s): it needs ${RUBRIC_MIN} to ${RUBRIC_MAX} ("## Rubric" with "- " bullets)`,
      );
    for (const p of e.rubric)
      if (p.text.length < 8)
        h.add(path, p.line, 'a rubric point must say what a strong answer does');
    if (e.followUps.length < FOLLOW_UPS_MIN)
      h.add(
        path,
        e.followUpsLine,
        `a question needs a chain of at least ${FOLLOW_UPS_MIN} follow-ups (has ${e.followUps.length})`,
      );
    for (const f of e.followUps) {
      if (!f.listenFor)
        h.add(path, f.line, 'this follow-up has no "Listen for: ..." line under it');
      h.links(path, f.line, `${f.ask}\n${f.listenFor}`);
    }
    for (const p of e.rubric) h.links(path, p.line, p.text);

    const own = !main.has(e.id);
    if (own) {
      if (typeof e.front.title !== 'string' || !e.front.title.trim())
        h.add(
          path,
          1,
          `"${e.id}" is not an Id: in ${interviewPath}, so this file is a question of its own and needs a title`,
        );
      if (!e.prompt)
        h.add(
          path,
          e.promptLine,
          'a question of its own needs its text before the first "## " section',
        );
      if (!e.answer) h.add(path, e.answerLine, 'a question of its own needs a "## Answer" section');
      const lesson = e.front.lesson;
      if (typeof lesson !== 'string')
        h.add(path, line('lesson'), 'a question of its own needs "lesson: <slug>"');
      else if (!h.lessons.has(lesson))
        h.add(path, line('lesson'), `lesson: ${lesson} names a lesson that does not exist`);
      else if (e.front.lab !== undefined) {
        const labs = h.labsOf(lesson);
        if (
          typeof e.front.lab !== 'number' ||
          !Number.isInteger(e.front.lab) ||
          e.front.lab < 1 ||
          e.front.lab > labs
        )
          h.add(
            path,
            line('lab'),
            `lab: ${String(e.front.lab)} is not one of ${lesson}'s ${labs} lab(s)`,
          );
      }
      h.links(path, e.promptLine, e.prompt);
      h.links(path, e.answerLine, e.answer);
    } else {
      for (const k of ['title', 'lesson', 'lab', 'order'] as const)
        if (e.front[k] !== undefined)
          h.add(
            path,
            line(k),
            `"${k}" comes from ${interviewPath} for this question (Id: ${e.id}); remove it here`,
          );
      if (e.prompt)
        h.add(
          path,
          e.promptLine,
          `the question's text lives in ${interviewPath} (Id: ${e.id}); this file holds only its rubric and follow-ups`,
        );
      if (e.answer)
        h.add(
          path,
          e.answerLine,
          `the reasoned answer lives in ${interviewPath} (Id: ${e.id}); remove "## Answer" here`,
        );
    }
    const race = e.front.race;
    if (
      race !== undefined &&
      (typeof race !== 'string' || files[`lessons/puzzles/${race}.md`] === undefined)
    )
      h.add(path, line('race'), `race: ${String(race)} names no race puzzle in lessons/puzzles`);
    const labBlock = e.doc.blocks.find(
      (b): b is Directive => b.kind === 'directive' && b.name === 'lab',
    );
    if (labBlock) h.lab(path, labBlock);
  }

  const have = new Set(extras.map((e) => e.id));
  for (const q of iv?.questions ?? [])
    if (q.id && !have.has(q.id))
      h.add(
        interviewPath,
        q.idLine,
        `question "${q.title}" has no rubric: add lessons/interview/${q.id}.md`,
      );
  return extras;
}
