// A virtual X display for a headed Chromium (Debian's `xvfb`): headless Chromium presents no frame for a key typed at
// the end of a scrolled editor until something else on the page changes (docs/page.md, "Typing"), which a person's
// browser does not do, so measurements of keystroke to paint run Chromium headed on a display of their own.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const XVFB = '/usr/bin/Xvfb';

/**
 * Start Xvfb on a free display number and resolve to `{ display, stop() }`, or to null when Xvfb is not installed
 * (the caller then runs headless and says so).
 */
export async function startVirtualDisplay() {
  if (!existsSync(XVFB)) return null;
  for (let number = 90; number < 110; number += 1) {
    if (existsSync(`/tmp/.X11-unix/X${number}`) || existsSync(`/tmp/.X${number}-lock`)) continue;
    const server = spawn(XVFB, [`:${number}`, '-screen', '0', '1600x1000x24', '-nolisten', 'tcp'], { stdio: 'ignore' });
    const started = await new Promise((done) => {
      const timer = setInterval(() => {
        if (existsSync(`/tmp/.X11-unix/X${number}`)) finish(true);
      }, 50);
      const finish = (ok) => {
        clearInterval(timer);
        done(ok);
      };
      server.once('exit', () => finish(false));
      setTimeout(() => finish(false), 5000);
    });
    if (started) return { display: `:${number}`, stop: () => server.kill() };
    server.kill();
  }
  return null;
}
