// Loaded with `node --import` (NODE_OPTIONS) by a benchmark that wants the app's CPU profile:
// `node --cpu-prof` is refused in NODE_OPTIONS, so the profiler is started through the inspector
// and its profile written to CPU_PROFILE_DIR when the process exits (SIGTERM: a clean stop).
// Open the .cpuprofile in Chrome's DevTools (Performance) or read its top self times.
import fs from 'node:fs';
import inspector from 'node:inspector';
import path from 'node:path';

const dir = process.env.CPU_PROFILE_DIR;
if (dir) {
  const session = new inspector.Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.start');
  process.on('exit', () => {
    session.post('Profiler.stop', (err, result) => {
      if (err) return;
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, `app-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
