// Baseline: @kubernetes/client-node's informer, measured like informantctl.
//   node clientnode-informer.mjs --server URL [--path /api/v1/pods] [--events N] [--timeout S]
//                                [--trigger URL]
// Syncs (list then watch) and prints one JSON line:
//   {"synced_ms":..,"objects":..,"events":..,"events_per_s":..,"peak_rss_kb":..}
// With --events N it keeps watching until N add/update/delete events arrived.
// With --trigger URL it POSTs to URL once synced (the replay of informant-sim)
// and events_per_s counts from that moment to the last event.
import * as k8s from '@kubernetes/client-node';
import { readFileSync } from 'node:fs';

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, arg, i, all) => {
    if (arg.startsWith('--')) pairs.push([arg.slice(2), all[i + 1]]);
    return pairs;
  }, []));
const server = args.server;
const path = args.path ?? '/api/v1/pods';
const wantedEvents = Number(args.events ?? 0);
const timeoutMs = Number(args.timeout ?? 600) * 1000;

const kc = new k8s.KubeConfig();
kc.loadFromOptions({
  clusters: [{ name: 'sim', server, skipTLSVerify: true }],
  users: [{ name: 'u' }],
  contexts: [{ name: 'sim', cluster: 'sim', user: 'u' }],
  currentContext: 'sim',
});
const core = kc.makeApiClient(k8s.CoreV1Api);
const lister = path.endsWith('/events')
  ? () => core.listEventForAllNamespaces()
  : () => core.listPodForAllNamespaces();

const peakRssKb = () => {
  const match = readFileSync('/proc/self/status', 'utf8').match(/VmHWM:\s+(\d+)/);
  return match ? Number(match[1]) : 0;
};

const start = performance.now();
let syncedAt = 0;
let triggeredAt = 0;
let lastEventAt = 0;
let events = 0;
let objects = 0;
const informer = k8s.makeInformer(kc, path, lister);
const finish = () => {
  const now = performance.now();
  const from = triggeredAt || syncedAt;
  const watchSeconds = from ? ((wantedEvents && events >= wantedEvents ? lastEventAt : now) - from) / 1000 : 0;
  console.log(JSON.stringify({
    synced_ms: Math.round(syncedAt - start),
    objects: informer.list().length,
    events,
    events_per_s: watchSeconds > 0 ? Math.round(events / watchSeconds) : 0,
    peak_rss_kb: peakRssKb(),
  }));
  process.exit(0);
};
const count = () => {
  if (!syncedAt) { objects++; return; }
  events++;
  lastEventAt = performance.now();
  if (wantedEvents && events >= wantedEvents) finish();
};
informer.on('add', count);
informer.on('update', count);
informer.on('delete', count);
informer.on('error', (err) => { console.error('informer error:', err?.message ?? err); });
setTimeout(() => { console.error('timeout'); finish(); }, timeoutMs);
await informer.start();
syncedAt = performance.now();
if (args.trigger) {
  triggeredAt = performance.now();
  await fetch(args.trigger, { method: 'POST' }).then((r) => r.arrayBuffer())
    .catch((err) => console.error('trigger failed:', err?.message ?? err));
}
if (!wantedEvents) finish();
