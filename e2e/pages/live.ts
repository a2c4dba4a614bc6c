// The live rooms (a host, a presenter, learners and a candidate on the lab server) as the specs
// drive them. Its test ids live here once.
import type { Locator, Page } from '@playwright/test';
import { gotoRoute } from '../fixtures';
import type { Root } from './lab';

/** The live route's test ids (the UI's data-testid values). */
export const LIVE_IDS = {
  coEditorReady: 'co-editor-ready',
  distribution: 'distribution',
  explore: 'explore',
  follow: 'follow',
  inviteRemote: 'invite-remote',
  joinCode: 'join-code',
  joinQr: 'join-qr',
  joinUrl: 'join-url',
  learnerCount: 'learner-count',
  liveHost: 'live-host',
  liveLearner: 'live-learner',
  liveNext: 'live-next',
  livePresenter: 'live-presenter',
  markAttempted: 'mark-attempted',
  markSolved: 'mark-solved',
  nickInput: 'nick-input',
  nickJoin: 'nick-join',
  openLiveRoom: 'open-live-room',
  predictInput: 'predict-input',
  predictMine: 'predict-mine',
  predictOpen: 'predict-open',
  predictReveal: 'predict-reveal',
  predictSend: 'predict-send',
  predictionCount: 'prediction-count',
  progressBoard: 'progress-board',
  stuck: 'stuck',
  stuckList: 'stuck-list',
  verdictYes: 'verdict-yes',
} as const;

export type LiveId = keyof typeof LIVE_IDS;

/** The live route's elements under a root (the page, or one widget in it). */
export class LiveView {
  constructor(readonly root: Root) {}

  /** One element by its name in LIVE_IDS. */
  el(name: LiveId): Locator {
    return this.root.getByTestId(LIVE_IDS[name]);
  }
}

export class LiveScreen extends LiveView {
  constructor(readonly page: Page) {
    super(page);
  }

  /** Open the route (or a path under it, e.g. '#/live/...'). */
  open(hash = '#/live'): Promise<void> {
    return gotoRoute(this.page, hash);
  }
}
