// Counts the lines a client prints (its standard output piped in), triggers
// the change source once the client has synced, and times the changes.
//   CLIENT | node count-lines.mjs --after A --trigger URL --until U [--timeout S]
// After A lines (the initial state printed) it POSTs to URL; it stops at U
// lines in all (or at the timeout) and prints one JSON line:
//   {"lines":..,"events":..,"ms":..,"events_per_s":..}
// where events are the lines after the trigger and ms the time from the
// trigger to the last of them. Counting is a scan for newlines, nothing else.
const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, arg, i, all) => {
    if (arg.startsWith('--')) pairs.push([arg.slice(2), all[i + 1]]);
    return pairs;
  }, []));
const after = Number(args.after ?? 0);
const until = Number(args.until ?? 0);
const timeoutMs = Number(args.timeout ?? 600) * 1000;

let lines = 0;
let triggeredAt = 0;
let linesAtTrigger = 0;
let lastAt = 0;
let done = false;
const finish = () => {
  if (done) return;
  done = true;
  const events = triggeredAt ? lines - linesAtTrigger : 0;
  const ms = triggeredAt && lastAt > triggeredAt ? lastAt - triggeredAt : 0;
  console.log(JSON.stringify({
    lines, events, ms: Math.round(ms),
    events_per_s: ms > 0 ? Math.round(events * 1000 / ms) : 0,
  }));
  process.exit(0);
};
const trigger = () => {
  triggeredAt = performance.now();
  linesAtTrigger = lines;
  fetch(args.trigger, { method: 'POST' }).then((r) => r.arrayBuffer())
    .catch((err) => console.error('trigger failed:', err?.message ?? err));
};
process.stdin.on('data', (chunk) => {
  for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) {
    ++lines;
    if (lines === after && args.trigger && !triggeredAt) trigger();
    if (until && lines >= until) { lastAt = performance.now(); finish(); return; }
  }
  lastAt = performance.now();
});
process.stdin.on('end', finish);
setTimeout(() => { console.error('timeout'); finish(); }, timeoutMs);
