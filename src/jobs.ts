// The background jobs of a serving app, owned by it (src/app.ts builds them, src/main.ts starts and stops them; a test
// app starts none and runs one when it asks). Each runs at start and then every so often; a run that changed records
// has the public answers built again, as an admin write does: the jobs write through the app's own connection, whose
// writes SQLite's data_version does not count (issue 37 item 13).
import { errorText, log } from "./lib/log.ts";

/** A job: what it does, as a log line names it when it fails; how often; what it changed (how many records). */
export type Job = { name: string; label: string; everyMs: number; run: () => number | Promise<number> };

export function jobRunner(jobs: Job[], changed: () => void) {
  const timers: ReturnType<typeof setInterval>[] = [];
  const runOnce = async (job: Job): Promise<number> => {
    try {
      const count = await job.run();
      if (count > 0) changed();
      return count;
    } catch (error) {
      log.error(`${job.label} failed`, { error: errorText(error) });
      return 0;
    }
  };
  return {
    names: jobs.map((job) => job.name),
    /** Every job at once, then each on its own interval (a restart catches up at once). */
    start() {
      for (const job of jobs) {
        void runOnce(job);
        timers.push(setInterval(() => void runOnce(job), job.everyMs));
      }
    },
    stop() {
      for (const timer of timers.splice(0)) clearInterval(timer);
    },
    /** One job's run now (the tests'): what it changed. */
    run(name: string): Promise<number> {
      const job = jobs.find((candidate) => candidate.name === name);
      if (!job) throw new Error(`No job named ${name}`);
      return runOnce(job);
    },
  };
}
