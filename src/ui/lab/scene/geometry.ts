// Where the scene's elements sit: clients, the load balancer, the servers and (when shared)
// the store, in the wide layout (left to right) or the narrow one (top to bottom). Pure: a
// function of the run's topology and the layout, unit-tested in Node.
import type { LabRun } from '../../../core/lab/labRun';

const W = 600;
/** The narrow (phone) layout's width: drawn at about 1:1 on a 360 px screen, so text stays legible. */
const W_NARROW = 320;
/** Below this lane width (CSS px) the scene switches to the tall, narrow layout. */
export const NARROW_BELOW = 560;
/** Most clients drawn; the last slot stands for the rest ("+3 more"). */
export const MAX_CLIENTS = 5;

export interface Pt {
  x: number;
  y: number;
}
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
  /** Where a request dot sits while the server (or store) holds it. */
  c: Pt;
}
export interface Geometry {
  /** viewBox width and height. */
  w: number;
  h: number;
  narrow: boolean;
  /** The room layout (a projector): the wide layout drawn in a smaller viewBox, so larger. */
  room: boolean;
  /** Server boxes: where the title starts and (own counter) the state drawing, from the box's x. */
  titleX: number;
  glyphX: number;
  /** Short labels in server boxes ("asks store"). */
  compact: boolean;
  clients: Pt[];
  clientLabels: string[];
  /** Where the dots pass through the load balancer. */
  lb: Pt;
  lbBox: { x: number; y: number; w: number; h: number };
  /** Where the balancer's label sits (clear of the dots' path), and its anchor. */
  lbLabel: Pt & { anchor: 'middle' | 'start'; lines: string[] };
  servers: Box[];
  store: Box | null;
  /** The store's replica (store.replica), under the store; the replication stream joins them. */
  replica: Box | null;
  /** Per server: where its dots meet the store (the store's edge facing that server). */
  storeAt: Pt[];
}

type Topology = Pick<LabRun, 'keys' | 'servers' | 'shared'> & {
  scenario?: { store: { replica?: unknown } };
};

const hasReplica = (run: Topology): boolean => run.shared && !!run.scenario?.store.replica;

function clientList(run: Topology): string[] {
  const shown = Math.max(1, Math.min(run.keys.length, MAX_CLIENTS));
  const labels: string[] = [];
  for (let k = 0; k < shown; k++)
    labels.push(
      k === MAX_CLIENTS - 1 && run.keys.length > MAX_CLIENTS
        ? `+${run.keys.length - MAX_CLIENTS + 1} more`
        : (run.keys[k] ?? 'client'),
    );
  return labels;
}

/** The biggest decided dot's radius plus a margin: how far a label keeps from any dot's path. */
const LABEL_CLEARANCE = 9;

/** Distance from point p to the segment a-b. */
function segDist(p: Pt, a: Pt, b: Pt): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const k = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
  return Math.hypot(p.x - (a.x + k * dx), p.y - (a.y + k * dy));
}

/**
 * Where the balancer's two-line label goes: centred above the balancer, as low as it can sit
 * while no segment a dot travels (client to balancer, balancer to server) comes within
 * LABEL_CLEARANCE of its text; with many servers the lines fan out steeply, so it climbs into
 * the wedge between the top client's line and the top server's. Text is about 7.5 units a
 * character, 13 above its baseline and 4 below.
 */
function balancerLabel(lb: Pt, clients: Pt[], servers: Box[]): Geometry['lbLabel'] {
  const lines = ['Load', 'balancer'];
  const half = (Math.max(...lines.map((l) => l.length)) * 7.5) / 2;
  const segs: [Pt, Pt][] = [
    ...clients.map((c) => [c, lb] as [Pt, Pt]),
    ...servers.map((b) => [lb, b.c] as [Pt, Pt]),
  ];
  const clear = (y: number) => {
    const y0 = y - 13;
    const y1 = y + (lines.length - 1) * 17 + 4;
    // The text box's edge, sampled every 3 units: every sample far enough from every path.
    for (let x = lb.x - half; x <= lb.x + half + 0.01; x += 3)
      for (let yy = y0; yy <= y1 + 0.01; yy += 3)
        for (const [a, b] of segs) if (segDist({ x, y: yy }, a, b) <= LABEL_CLEARANCE) return false;
    return true;
  };
  for (let y = lb.y - 44; y - 13 >= 2; y -= 2)
    if (clear(y)) return { x: lb.x, y, anchor: 'middle', lines };
  // No room above it (never at the lab's sizes): at the top of the scene.
  return { x: lb.x, y: 15, anchor: 'middle', lines };
}

/** The room layout's width: at 1920 px a lane's scene is drawn at about 2.3x, its text >= 24 px. */
const W_ROOM = 380;

/**
 * Room layout: the wide layout in a 380-unit viewBox (clients, balancer, servers, store
 * closer together, short labels), so on a projector every label is drawn large.
 */
function roomGeometry(run: Topology): Geometry {
  const n = run.servers.length;
  const rep = hasReplica(run);
  const h = Math.max(rep ? 268 : 210, 36 + n * 62);
  const clientLabels = clientList(run);
  const clients = clientLabels.map((_, k) => ({
    x: 32,
    y: (h * (k + 1)) / (clientLabels.length + 1),
  }));
  const lb = { x: 102, y: h / 2 };
  const slot = (h - 16) / n;
  const bh = Math.min(54, slot - 8);
  const sx = 150;
  const sw = run.shared ? 104 : W_ROOM - sx - 4;
  const servers = run.servers.map((_, i) => {
    const y = 8 + slot * i + (slot - bh) / 2;
    return { x: sx, y, w: sw, h: bh, c: { x: sx + 14, y: y + bh / 2 } };
  });
  // With a replica the store moves up and the replica sits under it.
  const sy = rep ? Math.max(8, h / 2 - 124) : h / 2 - 62;
  const store = run.shared ? { x: 264, y: sy, w: 112, h: 124, c: { x: 264, y: sy + 62 } } : null;
  const replica =
    store && rep ? { x: 264, y: sy + 124 + 40, w: 112, h: 92, c: { x: 320, y: sy + 164 } } : null;
  return {
    w: W_ROOM,
    h,
    narrow: false,
    room: true,
    titleX: 28,
    glyphX: 98,
    compact: true,
    clients,
    clientLabels,
    lb,
    lbBox: { x: lb.x - 22, y: lb.y - 20, w: 44, h: 40 },
    lbLabel: balancerLabel(lb, clients, servers),
    servers,
    store,
    replica,
    storeAt: servers.map(() => store?.c ?? { x: 0, y: 0 }),
  };
}

/** Wide layout: time flows left to right (clients, balancer, servers column, store). */
function wideGeometry(run: Topology): Geometry {
  const n = run.servers.length;
  const rep = hasReplica(run);
  const h = Math.max(rep ? 268 : 210, 36 + n * 62);
  const clientLabels = clientList(run);
  const clients = clientLabels.map((_, k) => ({
    x: 44,
    y: (h * (k + 1)) / (clientLabels.length + 1),
  }));
  const lb = { x: 170, y: h / 2 };
  const slot = (h - 16) / n;
  const bh = Math.min(54, slot - 8);
  const sx = 262;
  const sw = run.shared ? 150 : 318;
  const servers = run.servers.map((_, i) => {
    const y = 8 + slot * i + (slot - bh) / 2;
    return { x: sx, y, w: sw, h: bh, c: { x: sx + 18, y: y + bh / 2 } };
  });
  // With a replica the store moves up and the replica sits under it.
  const sy = rep ? Math.max(8, h / 2 - 124) : h / 2 - 62;
  const store = run.shared ? { x: 448, y: sy, w: 146, h: 124, c: { x: 448, y: sy + 62 } } : null;
  const replica =
    store && rep
      ? { x: 448, y: sy + 124 + 40, w: 146, h: 92, c: { x: 521, y: sy + 124 + 40 } }
      : null;
  return {
    w: W,
    h,
    narrow: false,
    room: false,
    titleX: 36,
    glyphX: 120,
    compact: false,
    clients,
    clientLabels,
    lb,
    // A small node the dots pass through; its name sits above it, never under a dot.
    lbBox: { x: lb.x - 24, y: lb.y - 20, w: 48, h: 40 },
    lbLabel: balancerLabel(lb, clients, servers),
    servers,
    store,
    replica,
    storeAt: servers.map(() => store?.c ?? { x: 0, y: 0 }),
  };
}

/**
 * Narrow layout: the same path read top to bottom (clients, balancer, a row of servers, the
 * store across the bottom), in a taller viewBox about as wide as a phone, so scene text is
 * drawn at roughly its CSS size instead of being scaled down to half.
 */
function narrowGeometry(run: Topology): Geometry {
  const Wn = W_NARROW;
  const n = run.servers.length;
  const clientLabels = clientList(run);
  // Labels sit above the clients: dots leave downwards and never cross them.
  const clients = clientLabels.map((_, k) => ({
    x: 16 + ((Wn - 32) * (k + 0.5)) / clientLabels.length,
    y: 44,
  }));
  // The label on the left of the box, the dots' crossing on its right.
  const lbBox = { x: 40, y: 90, w: Wn - 80, h: 32 };
  const lb = { x: lbBox.x + lbBox.w - 22, y: 106 };
  const lbLabel = { x: lbBox.x + 12, y: 111, anchor: 'start' as const, lines: ['Load balancer'] };
  const perRow = n <= 4 ? n : Math.ceil(n / Math.ceil(n / 4));
  const gap = 8;
  const bw = (Wn - 8 - (perRow - 1) * gap) / perRow;
  const bh = run.shared ? 48 : 108;
  const top = 148;
  const servers = run.servers.map((_, i) => {
    const col = i % perRow;
    const row = Math.floor(i / perRow);
    const x = 4 + col * (bw + gap);
    const y = top + row * (bh + 12);
    return { x, y, w: bw, h: bh, c: { x: x + bw - 14, y: y + 14 } };
  });
  const rows = Math.ceil(n / perRow);
  const below = top + rows * (bh + 12) - 12;
  const store = run.shared
    ? { x: 4, y: below + 34, w: Wn - 8, h: 120, c: { x: Wn / 2, y: below + 34 } }
    : null;
  const replica =
    store && hasReplica(run)
      ? {
          x: 4,
          y: store.y + store.h + 34,
          w: Wn - 8,
          h: 84,
          c: { x: Wn / 2, y: store.y + store.h + 34 },
        }
      : null;
  const h = replica ? replica.y + replica.h + 6 : store ? store.y + store.h + 6 : below + 8;
  return {
    w: Wn,
    h,
    narrow: true,
    room: false,
    titleX: 8,
    glyphX: 2,
    compact: bw < 110,
    clients,
    clientLabels,
    lb,
    lbBox,
    lbLabel,
    servers,
    store,
    replica,
    storeAt: servers.map((b) => ({ x: b.c.x, y: store?.y ?? 0 })),
  };
}

export function geometry(run: Topology, narrow = false, room = false): Geometry {
  if (room) return roomGeometry(run);
  return narrow ? narrowGeometry(run) : wideGeometry(run);
}
