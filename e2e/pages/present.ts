// The presenter (#/present, its speaker view and its print handout) as the specs drive it.
// Its test ids live here once.
import type { Locator, Page } from '@playwright/test';
import { gotoRoute } from '../fixtures';
import { LabView, type Root } from './lab';
import { RaceView } from './races';
import { SHELL_IDS } from './shell';

/** The present route's test ids (the UI's data-testid values). */
export const PRESENT_IDS = {
  deckPredictRoom: 'deck-predict-room',
  deckPredictSent: 'deck-predict-sent',
  blank: 'blank',
  deckCard: 'deck-card',
  laser: 'laser',
  lessonPresent: 'lesson-present',
  /** A deck that is not there: the shell's 404. */
  notFound: SHELL_IDS.notFound,
  openPrint: 'open-print',
  openSpeaker: 'open-speaker',
  present: 'present',
  presentNext: 'present-next',
  presenter: 'presenter',
  printLinks: 'print-links',
  printQr: 'print-qr',
  printStep: 'print-step',
  printView: 'print-view',
  roomCaption: 'room-caption',
  roomScene: 'room-scene',
  roomSelected: 'room-selected',
  speakerBlank: 'speaker-blank',
  speakerCurrent: 'speaker-current',
  speakerElapsed: 'speaker-elapsed',
  speakerNext: 'speaker-next',
  speakerNextTitle: 'speaker-next-title',
  speakerNotes: 'speaker-notes',
  speakerPredict: 'speaker-predict',
  speakerTurn: 'speaker-turn',
  stage: 'stage',
  stageCaption: 'stage-caption',
  stagePosition: 'stage-position',
  stageRace: 'stage-race',
  stageRaceTurn: 'stage-race-turn',
  stageSource: 'stage-source',
  stageTitle: 'stage-title',
  toggleContrast: 'toggle-contrast',
} as const;

export type PresentId = keyof typeof PRESENT_IDS;

/** The present route's elements under a root (the page, or one widget in it). */
export class PresentView {
  constructor(readonly root: Root) {}

  /** One element by its name in PRESENT_IDS. */
  el(name: PresentId): Locator {
    return this.root.getByTestId(PRESENT_IDS[name]);
  }

  /** The deck's position, "k / n". */
  get position(): Locator {
    return this.el('stagePosition');
  }
  /** The stage, and the lab scene drawn on it. */
  get stage(): Locator {
    return this.el('stage');
  }
  get scene(): LabView {
    return new LabView(this.stage);
  }
  /** A race step's scheduler on the stage. */
  get race(): RaceView {
    return new RaceView(this.el('stageRace'));
  }

  /** The deck list's "Present" links (their test ids start with `present-`). */
  get deckLinks(): Locator {
    return this.root.locator('[data-testid^="present-"]');
  }
}

export class PresentScreen extends PresentView {
  constructor(readonly page: Page) {
    super(page);
  }

  /** Open the route (or a path under it, e.g. '#/present/...'). */
  open(hash = '#/present'): Promise<void> {
    return gotoRoute(this.page, hash);
  }
}
