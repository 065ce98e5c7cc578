/**
 * Preload for a benchmarked command (`node --import ./measure-exit.mjs <cli> ...`): when the process
 * exits, writes its CPU time (all threads, workers included, plus the child processes still running,
 * such as esbuild's service that the syntax check uses) and its peak RSS as one JSON line to the file
 * named by SPECGEN_BENCH_MEASURE. So the bench measures a CLI exactly as users start it, without
 * wrapping it in bench code. Children's CPU is read from /proc (Linux; 0 elsewhere).
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';

const file = process.env.SPECGEN_BENCH_MEASURE;
/** Clock ticks per second of /proc/<pid>/stat's utime and stime (USER_HZ, 100 on Linux). */
const TICKS = 100;

function childCpuMs() {
  try {
    let ticks = 0;
    for (const task of readdirSync('/proc/self/task')) {
      for (const pid of readFileSync(`/proc/self/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean)) {
        // fields after the command's closing parenthesis: state is field 3, utime 14, stime 15
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
        ticks += Number(fields[11]) + Number(fields[12]);
      }
    }
    return Math.round((ticks * 1000) / TICKS);
  } catch {
    return 0;
  }
}

if (file) {
  process.on('exit', () => {
    const cpu = process.cpuUsage();
    const ownMs = Math.round((cpu.user + cpu.system) / 1000);
    const childMs = childCpuMs();
    writeFileSync(
      file,
      JSON.stringify({
        cpuMs: ownMs + childMs,
        childCpuMs: childMs,
        peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
      }),
    );
  });
}
