// One page object per route, each holding its route's test ids and common actions, all given
// to a spec as fixtures of the offline-guarded `test`:
//   import { expect, test } from './pages';
//   test('...', async ({ editor }) => { await editor.open(); await editor.setScript('return 1'); });
import { test as base } from '../fixtures';
import { EditorScreen } from './editor';
import { InterviewScreen } from './interview';
import { LabScreen } from './lab';
import { LessonsScreen } from './lessons';
import { LiveScreen } from './live';
import { PracticeScreen } from './practice';
import { PresentScreen } from './present';
import { RacesScreen } from './races';
import { ShellScreen } from './shell';

export interface Screens {
  lab: LabScreen;
  editor: EditorScreen;
  races: RacesScreen;
  lessons: LessonsScreen;
  practice: PracticeScreen;
  interview: InterviewScreen;
  present: PresentScreen;
  live: LiveScreen;
  shell: ShellScreen;
}

export const test = base.extend<Screens>({
  lab: async ({ page }, use) => {
    await use(new LabScreen(page));
  },
  editor: async ({ page }, use) => {
    await use(new EditorScreen(page));
  },
  races: async ({ page }, use) => {
    await use(new RacesScreen(page));
  },
  lessons: async ({ page }, use) => {
    await use(new LessonsScreen(page));
  },
  practice: async ({ page }, use) => {
    await use(new PracticeScreen(page));
  },
  interview: async ({ page }, use) => {
    await use(new InterviewScreen(page));
  },
  present: async ({ page }, use) => {
    await use(new PresentScreen(page));
  },
  live: async ({ page }, use) => {
    await use(new LiveScreen(page));
  },
  shell: async ({ page }, use) => {
    await use(new ShellScreen(page));
  },
});

export { expect, gotoRoute } from '../fixtures';
export { animationFrames, LAB_IDS, LabScreen, LabView, type Root, WORKED } from './lab';
export { EDITOR_IDS, EditorScreen } from './editor';
export { INTERVIEW_IDS, InterviewScreen, InterviewView } from './interview';
export { LESSONS_IDS, LessonsScreen, LessonsView } from './lessons';
export { guardPage, LIVE_IDS, LiveScreen, LiveView, openMachine, type Machine } from './live';
export { PRACTICE_IDS, PracticeScreen, PracticeView } from './practice';
export { PRESENT_IDS, PresentScreen, PresentView } from './present';
export { RACES_IDS, RaceView, RacesScreen } from './races';
export { Monaco } from './monaco';
export { SHELL_IDS, ShellScreen } from './shell';
export { PRODUCTION_IDS, ProductionView } from './production';
export { testIdCss } from './testIdCss';
