// The node flags the server runs with, from `npm start`, the browser flows and the benches alike.
// A heap ceiling of 1 GB: with none, V8 on a machine of many GB lets the old generation grow to about four
// times what its last full collection kept before collecting again, so a long CSV import's short-lived rows
// took the server from 200 to about 380 MB. Under this ceiling V8 grows it by a smaller factor: the same
// import peaks at about 260 MB, as fast (decision 037). The idle heap is about 80 MB. NODE_OPTIONS that
// sets its own --max-old-space-size wins.
export const SERVER_HEAP_MB = 1024;

export function serverNodeArgs(env = process.env) {
  return /--max-old-space-size/.test(env.NODE_OPTIONS ?? '')
    ? []
    : [`--max-old-space-size=${SERVER_HEAP_MB}`];
}
