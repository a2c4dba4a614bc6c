// The page's Lua worker: every lab run with learner Lua (the lab screen, lesson widgets, the
// presenter's scene, links, window.rateLab) runs here, never on the page's main thread. The
// page terminates this worker when a script passes its deadline and starts a fresh one
// (labClient.ts).
/// <reference lib="webworker" />
import { handleLabRequest } from './labHost';
import type { LabWorkerMessage, LabWorkerRequest } from './labProtocol';

declare const self: DedicatedWorkerGlobalScope;

self.onmessage = (e: MessageEvent<LabWorkerRequest>) => {
  void handleLabRequest(e.data, (m: LabWorkerMessage) => self.postMessage(m));
};
