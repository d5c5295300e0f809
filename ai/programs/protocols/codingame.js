// Loaded into every Node.js program a `cmd:` seat starts (through NODE_OPTIONS=--require), so that a bot written
// for the CodinGame arenas runs unchanged: that site gives JavaScript bots a global `readline()` that returns the
// next line of standard input, and `print()` / `printErr()` for a line of output or of debugging. Plain Node has
// none of them. A program that defines its own keeps them; one that never calls them is not touched (nothing is
// read from standard input until `readline()` is called).
'use strict';

const fs = require('fs');
const { StringDecoder } = require('string_decoder');

const decoder = new StringDecoder('utf8');
const chunk = Buffer.alloc(1 << 16);
const pause = new Int32Array(new SharedArrayBuffer(4));
let pending = '';
let ended = false;

// The next line of standard input without its line ending; null once the input has ended (as SpiderMonkey's).
function readLine() {
  for (;;) {
    const end = pending.indexOf('\n');
    if (end >= 0) {
      const line = pending.slice(0, end);
      pending = pending.slice(end + 1);
      return line.endsWith('\r') ? line.slice(0, -1) : line;
    }
    if (ended) {
      const rest = pending;
      pending = '';
      return rest === '' ? null : rest;
    }
    let count = 0;
    try {
      count = fs.readSync(0, chunk, 0, chunk.length, null);
    } catch (err) {
      if (err.code === 'EAGAIN') {
        Atomics.wait(pause, 0, 0, 1); // standard input is non-blocking and empty for now: wait a millisecond
        continue;
      }
      if (err.code !== 'EOF') throw err;
    }
    if (count === 0) {
      ended = true;
      pending += decoder.end();
    } else {
      pending += decoder.write(chunk.subarray(0, count));
    }
  }
}

if (typeof globalThis.readline === 'undefined') globalThis.readline = readLine;
if (typeof globalThis.print === 'undefined') globalThis.print = (...parts) => console.log(...parts);
if (typeof globalThis.printErr === 'undefined') globalThis.printErr = (...parts) => console.error(...parts);
