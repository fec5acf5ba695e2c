// Loaded with `--import` (NODE_OPTIONS may not carry --cpu-prof): profiles this process with the
// inspector from SIGWINCH (after start-up and a warm-up; close-with-grace takes SIGUSR2) to exit and writes
// CPU_PROFILE_DIR/<pid>.cpuprofile. Used by profile.ts.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import path from 'node:path';

const session = new Session();
session.connect();
session.post('Profiler.enable');
session.post('Profiler.setSamplingInterval', { interval: 200 });
process.once('SIGWINCH', () => session.post('Profiler.start'));
process.on('exit', () => {
  // An in-process inspector session answers synchronously, so this runs within the exit handler.
  session.post('Profiler.stop', (err, result) => {
    if (!err) writeFileSync(path.join(process.env.CPU_PROFILE_DIR ?? '.', `${process.pid}.cpuprofile`), JSON.stringify(result.profile));
  });
});
