// window.rateLab: the browser automation API of docs/spec/headless.md. The API itself is
// src/store/labApi.ts (so Node tests run the same code); it works on any route, and the lab
// screen draws the same store when it is open.
import { createLabApi, type RateLab } from '../store/labApi';

export type { RateLab } from '../store/labApi';

declare global {
  interface Window {
    rateLab?: RateLab;
  }
}

export function installRateLab(): void {
  window.rateLab = createLabApi();
}
