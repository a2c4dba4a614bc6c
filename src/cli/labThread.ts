// The lab's Lua worker as a Node worker thread (the CLI's simulate; tests of the kill path):
// the same handler as the page's Web Worker (src/worker/labHost.ts).
import { parentPort } from 'node:worker_threads';
import { handleLabRequest } from '../worker/labHost';
import type { LabWorkerRequest } from '../worker/labProtocol';

parentPort!.on('message', (m: LabWorkerRequest) => {
  void handleLabRequest(m, (out) => parentPort!.postMessage(out));
});
