/**
 * Preload for a benchmarked command (`node --import ./measure-exit.mjs <cli> ...`): when the process
 * exits, writes its CPU time (all threads, workers included) and peak RSS as one JSON line to the
 * file named by SPECGEN_BENCH_MEASURE. So the bench measures a CLI exactly as users start it, without
 * wrapping it in bench code. Child processes (esbuild's service) are not counted.
 */
import { writeFileSync } from 'node:fs';

const file = process.env.SPECGEN_BENCH_MEASURE;
if (file) {
  process.on('exit', () => {
    const cpu = process.cpuUsage();
    writeFileSync(file, JSON.stringify({ cpuMs: Math.round((cpu.user + cpu.system) / 1000), peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024) }));
  });
}
